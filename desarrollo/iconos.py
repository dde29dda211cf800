"""Los iconos PNG del libro instalable, dibujados por Chromium desde ``iconos/icono.svg``.

``uv run python -m desarrollo.iconos`` reescribe ``mkdocs_plugins/tema/tapiz/iconos/*.png``: 192 y
512 px con las esquinas redondeadas del SVG y uno de 512 px «enmascarable», a sangre (el
sistema recorta la forma; el dado cabe en el círculo central del 80 %). Se guardan con una
paleta de pocos colores (Pillow) para que pesen poco.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from tests.navegador.conftest import lanzar_chromium

CARPETA = Path(__file__).resolve().parent.parent / "mkdocs_plugins" / "tema" / "tapiz" / "iconos"
ICONOS = {"icono-192.png": (192, False), "icono-512.png": (512, False)}
ENMASCARABLE = {"icono-enmascarable-512.png": (512, True)}


def dibujar(svg: str, lado: int, a_sangre: bool) -> bytes:
    if a_sangre:
        svg = svg.replace('rx="96" ', "")
    html = f"<style>*{{margin:0}}svg{{display:block;width:{lado}px;height:{lado}px}}</style>{svg}"
    with sync_playwright() as playwright:
        navegador = lanzar_chromium(playwright)
        pagina = navegador.new_page(viewport={"width": lado, "height": lado})
        pagina.set_content(html)
        png = pagina.screenshot(omit_background=True)
        navegador.close()
    imagen = Image.open(io.BytesIO(png)).quantize(colors=32, method=Image.Quantize.FASTOCTREE)
    salida = io.BytesIO()
    imagen.save(salida, format="PNG", optimize=True)
    return salida.getvalue()


def main() -> None:
    svg = (CARPETA / "icono.svg").read_text(encoding="utf-8")
    for nombre, (lado, a_sangre) in {**ICONOS, **ENMASCARABLE}.items():
        (CARPETA / nombre).write_bytes(dibujar(svg, lado, a_sangre))
        print(f"{nombre}: {(CARPETA / nombre).stat().st_size} B")


if __name__ == "__main__":
    main()
