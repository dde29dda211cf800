"""axe-core en las páginas del libro, con el contraste medido en una muestra de cada estilo.

La regla ``color-contrast`` de axe es, con diferencia, la más cara: por cada texto de la
página busca qué tiene detrás y calcula sus colores (en el catálogo, 14 s de los 16 de axe
entero; 21 s más con el tema oscuro). Pero su veredicto solo depende del estilo del texto y de
lo que tiene detrás, y el libro repite los mismos componentes cientos de veces (cada fila de
una tabla, cada tarjeta): aquí se mide en **un elemento de cada estilo distinto** de la página
(``MUESTRAS``: mismo color, tamaño, peso, sombra y opacidad del texto, y mismos fondos, opacidad,
filtros y mezcla en toda su cadena de antepasados), visibles, y las demás reglas de axe, en toda
la página. Lo que esto deja sin mirar es un texto con el mismo estilo que otro pero tapado por
algo que no es su antepasado (un elemento fijo encima); la página no tiene ninguno sobre el
texto del artículo.

``link-in-text-block`` (un enlace en un párrafo se distingue del texto sin depender del
color) cuesta casi lo mismo y depende igual solo de estilos: el del enlace, el del texto de su
bloque y sus fondos; se mira en un enlace de cada estilo. El recorrido de todas las páginas va
de una a otra por la navegación instantánea, en la misma pestaña: con ``recordar``, un estilo ya
medido en una página anterior no se mide otra vez.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import axe_playwright_python

AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"
EN_EL_SERVIDOR = "/__pruebas__/axe.min.js"
"""Donde lo sirve el servidor de las pruebas, fuera de la ruta del libro: como fichero, y no
escrito en la página, Chromium guarda su código compilado y no vuelve a compilar sus 500 KB en
cada página."""
CONTRASTE = "color-contrast"
REGLAS_DEL_COLOR = [CONTRASTE, "link-in-text-block"]
"""Las reglas de axe cuyo resultado cambia con el esquema de color: las demás, con el claro."""
REGLAS_DEL_MOVIL = [*REGLAS_DEL_COLOR, "landmark-unique", "scrollable-region-focusable"]
"""Y las que cambian en el móvil: las tablas que no caben se vuelven regiones desplazables."""

MUESTRAS = """([dentro, fuera, recordar]) => {
  const marcas = ['data-axe-muestra', 'data-axe-enlace'];
  for (const marca of marcas) {
    for (const e of document.querySelectorAll(`[${marca}]`)) e.removeAttribute(marca);
  }
  const propio = ['color', 'fontSize', 'fontWeight', 'textShadow', 'opacity', 'position', 'clip',
                  'clipPath', 'visibility', 'backgroundColor', 'backgroundImage'];
  const delEnlace = ['color', 'textDecorationLine', 'textDecorationStyle', 'textDecorationColor',
                     'borderBottomStyle', 'borderBottomWidth', 'fontWeight', 'backgroundColor'];
  const heredado = ['backgroundColor', 'backgroundImage', 'opacity', 'filter', 'mixBlendMode'];
  const cadenas = new Map();
  const cadena = (n) => {
    if (!n || n.nodeType !== 1) return '';
    if (!cadenas.has(n)) {
      const s = getComputedStyle(n);
      cadenas.set(n, heredado.map((p) => s[p]).join(',') + '<' + cadena(n.parentElement));
    }
    return cadenas.get(n);
  };
  const bloque = (e) => {
    let b = e.parentElement;
    while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement;
    return b;
  };
  const vistos = recordar ? (window.__tapizFirmasAxe ??= new Set()) : new Set();
  let muestras = 0;
  const marcar = (e, marca, firma) => {
    if (vistos.has(firma)) return;
    vistos.add(firma);
    e.setAttribute(marca, '');
    muestras++;
  };
  for (const raiz of document.querySelectorAll(dentro)) {
    for (const e of raiz.querySelectorAll('*')) {
      if (fuera && e.closest(fuera)) continue;
      if (!e.getClientRects().length) continue;
      if (e.matches('a[href]')) {
        const b = bloque(e);
        const conTexto = b && b.textContent.trim().length > e.textContent.trim().length;
        const s = getComputedStyle(e);
        const firma = 'a:' + conTexto + ':' + delEnlace.map((p) => s[p]).join(',') + '|' +
          (b ? getComputedStyle(b).color : '') + '<' + cadena(e.parentElement);
        marcar(e, 'data-axe-enlace', firma);
      }
      const conTexto = [...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
      if (!conTexto) continue;
      const s = getComputedStyle(e);
      const firma = propio.map((p) => s[p]).join(',') + '<' + cadena(e.parentElement);
      marcar(e, 'data-axe-muestra', firma);
    }
  }
  return muestras;
}"""
"""Marca con ``data-axe-muestra`` el primer elemento visible con texto propio de cada estilo, y
con ``data-axe-enlace`` el primer enlace de cada estilo (el suyo, el del texto de su bloque y sus
fondos; en un texto o suelto). Con ``recordar``, los estilos ya vistos en otra página de la misma
pestaña (la navegación instantánea conserva ``window``) no se marcan otra vez."""


def cargar_axe(pagina: Any) -> None:
    """axe en la página, si aún no está."""
    if not pagina.evaluate("() => typeof axe !== 'undefined'"):
        pagina.add_script_tag(url=EN_EL_SERVIDOR)


_CORRER = """async ([contexto, opciones]) => {
  axe.configure({rules: [
    {id: 'color-contrast', selector: '[data-axe-muestra]'},
    {id: 'link-in-text-block', selector: 'a[data-axe-enlace]'},
    {id: 'target-size', enabled: true},
  ]});
  try {
    return await axe.run(contexto, opciones);
  } finally {
    axe.reset();
  }
}"""
"""axe.run con el contraste solo en las muestras (``selector`` de la regla) y el tamaño de lo
que se pulsa (``target-size``, WCAG 2.2: 24 × 24 px; axe no la mira si no se enciende), en una
sola pasada: axe rehace su árbol de toda la página en cada ``run``, y en las grandes cuesta."""


def violaciones(
    pagina: Any,
    reglas: list[str] | None = None,
    dentro: str = "body",
    fuera: str | None = None,
    recordar: bool = False,
) -> list[str]:
    """Las violaciones de axe (todas sus reglas, o solo ``reglas``) en lo que hay ``dentro`` y no
    ``fuera`` (selectores CSS); el contraste, en una muestra de cada estilo (``MUESTRAS``)."""
    cargar_axe(pagina)
    contexto: dict[str, object] = {"include": [[dentro]]}
    if fuera:
        contexto["exclude"] = [[fuera]]
    opciones: dict[str, object] = {"resultTypes": ["violations"]}
    if reglas is not None:
        opciones["runOnly"] = reglas
    if reglas is None or set(reglas) & set(REGLAS_DEL_COLOR):
        pagina.evaluate(MUESTRAS, [dentro, fuera, recordar])
    resultado = pagina.evaluate(_CORRER, [contexto, opciones])
    return [
        f"{v['id']} ({v['impact']}): {v['help']} → {[n['target'] for n in v['nodes']][:5]}"
        for v in resultado["violations"]
    ]
