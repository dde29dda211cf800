// Lo que el JavaScript del libro usa del navegador y que TypeScript no conoce: la marca de que
// los widgets ya se engancharon y el observable de páginas de mkdocs-material.
interface Window {
  __tapizDados?: boolean;
  document$?: { subscribe(alCambiar: () => void): unknown };
}
