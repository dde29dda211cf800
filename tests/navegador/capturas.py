"""Capturas de los widgets en móvil (390×844) y escritorio (1366×900), claro y oscuro.

No es una prueba: construye el sitio, lo sirve y guarda PNG en /work/notas/capturas/
(o en la carpeta que se pase como argumento) para revisarlas a ojo.

    uv run python tests/navegador/capturas.py [carpeta]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from conftest import (
    ESCRITORIO,
    MOVIL,
    construir_sitio,
    lanzar_chromium,
    llevar_a_la_calculadora,
    servir,
)
from playwright.sync_api import Page, sync_playwright

DESTINO = Path(sys.argv[1] if len(sys.argv) > 1 else "/work/notas/capturas")


def capturar_tirada(pagina: Page, base: str, archivo: Path) -> None:
    pagina.goto(base + "hacer-cosas/")
    pagina.wait_for_load_state("networkidle")
    boton = pagina.locator("button.tapiz-dados").first
    boton.click()
    pagina.locator(".tapiz-tirada-zona button[aria-expanded]").first.click()
    grafica = pagina.locator(".tapiz-grafica").first
    grafica.wait_for()
    boton.evaluate("b => { b.scrollIntoView({block: 'start'}); window.scrollBy(0, -120); }")
    pagina.screenshot(path=str(archivo))


def capturar_calculadora(pagina: Page, base: str, archivo: Path) -> None:
    pagina.goto(base + "hacer-cosas/")
    pagina.wait_for_load_state("networkidle")
    llevar_a_la_calculadora(pagina)
    calculadora = pagina.locator(".tapiz-calculadora")
    calculadora.get_by_label("Dados de atributo", exact=True).fill("1d6!")
    calculadora.get_by_label("Modificador de característica", exact=True).fill("2")
    calculadora.get_by_label("Nivel del personaje", exact=True).fill("3")
    calculadora.get_by_label("Rasgos que ayudan", exact=True).fill("2")
    calculadora.get_by_label("Resistencia", exact=True).fill("15")
    calculadora.get_by_role("button", name="Tirar", exact=True).click()
    # La tabla y la tirada las calcula el motor en la página (que arranca aquí).
    calculadora.locator("[data-total]").wait_for(timeout=120_000)
    calculadora.screenshot(path=str(archivo))


def main() -> None:
    DESTINO.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as carpeta, sync_playwright() as playwright:
        servidor, base = servir(Path(carpeta))
        construir_sitio(Path(carpeta), base)
        navegador = lanzar_chromium(playwright)
        for nombre, tamano in [("escritorio", ESCRITORIO), ("movil", MOVIL)]:
            for esquema in ("light", "dark"):
                contexto = navegador.new_context(viewport=tamano, color_scheme=esquema)
                pagina = contexto.new_page()
                capturar_tirada(pagina, base, DESTINO / f"tirada-{nombre}-{esquema}.png")
                capturar_calculadora(pagina, base, DESTINO / f"calculadora-{nombre}-{esquema}.png")
                contexto.close()
        navegador.close()
        servidor.shutdown()
    for archivo in sorted(DESTINO.glob("*.png")):
        print(archivo)


if __name__ == "__main__":
    main()
