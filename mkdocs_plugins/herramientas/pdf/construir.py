"""Construir el PDF del libro y el de la hoja de personaje con WeasyPrint."""

from __future__ import annotations

import logging
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

from mkdocs_plugins.herramientas.pdf import INSTALAR, fuente, libro, svg
from mkdocs_plugins.herramientas.pdf.hoja import hoja
from mkdocs_plugins.herramientas.pdf.libro import DE_TAPIZ, Portada, Version, portada_de_lienzo
from tapiz_rules.lienzos.lienzo import Lienzo
from tapiz_rules.modelo import Reglamento

ESTILOS = Path(__file__).with_name("imprimir.css")
ESTILOS_DEL_SITIO = ("tapiz/comparativa.css",)
"""Lo que el papel toma del sitio: los colores de las series de las gráficas."""


def del_sitio(sitio: Path) -> list[Path]:
    """Los estilos de :data:`ESTILOS_DEL_SITIO` que el sitio publica (un libro sin gráficas
    no publica los de la comparativa)."""
    return [sitio / e for e in ESTILOS_DEL_SITIO if (sitio / e).is_file()]


LIBRO = "tapiz-srd.pdf"
VARIANTE = "pdf/ua-1"
"""PDF etiquetado y accesible (PDF/UA-1): la estructura (encabezados, tablas, listas) para los
lectores de pantalla y el idioma y el título del documento en sus metadatos."""


class FaltaWeasyPrint(RuntimeError):
    """WeasyPrint (el extra «pdf») o sus bibliotecas de sistema no están instalados."""


class RecursoProhibido(RuntimeError):
    """El documento pide algo de fuera del sitio construido (véase ``recursos``)."""


@dataclass(frozen=True)
class Hecho:
    libro: Path
    hoja: Path
    capitulos: int
    pendientes: int


def version(raiz: Path) -> Version:
    """El commit de ``raiz`` y su fecha; sin git, una versión sin fecha."""
    proceso = subprocess.run(
        ["git", "log", "-1", "--format=%h%n%cI"],
        cwd=raiz,
        capture_output=True,
        text=True,
        check=False,
    )
    lineas = proceso.stdout.split()
    if proceso.returncode != 0 or len(lineas) != 2:
        return Version("", None)
    return Version(lineas[0], datetime.fromisoformat(lineas[1]))


def _weasyprint() -> Any:
    try:
        import weasyprint
    except (ImportError, OSError) as error:
        raise FaltaWeasyPrint(f"{INSTALAR}: {error}") from None
    return weasyprint


def construir_sitio(mkdocs_yml: Path, destino: Path) -> dict[str, Any]:
    """Como ``mkdocs build --strict``: un ejemplo que falla se dice con su «fichero:línea» y
    no hay PDF (``mkdocs.exceptions.Abort``)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    configuracion = load_config(str(mkdocs_yml), site_dir=str(destino), strict=True)
    registro = logging.getLogger("mkdocs")
    registro.setLevel(logging.WARNING)
    avisos = logging.StreamHandler()
    avisos.setFormatter(logging.Formatter("%(message)s"))
    registro.addHandler(avisos)
    try:
        build(configuracion)
    finally:
        registro.removeHandler(avisos)
    return dict(configuracion)


def escribir(html: str, salida: Path, sitio: Path) -> None:
    weasyprint = _weasyprint()
    from mkdocs_plugins.herramientas.pdf.recursos import FueraDelSitio, Recursos

    # Avisa de cada propiedad de SVG que no aplica a HTML (fill, stroke): ruido, no errores.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    recursos = Recursos(sitio)
    estilos = [weasyprint.CSS(filename=str(ESTILOS), url_fetcher=recursos)]
    estilos += [weasyprint.CSS(filename=str(e), url_fetcher=recursos) for e in del_sitio(sitio)]
    salida.parent.mkdir(parents=True, exist_ok=True)
    documento = weasyprint.HTML(string=html, base_url=str(sitio) + "/", url_fetcher=recursos)
    try:
        documento.write_pdf(str(salida), stylesheets=estilos, pdf_variant=VARIANTE)
    except FueraDelSitio as error:
        raise RecursoProhibido(str(error)) from None


def hoja_sola(
    version_: Version, reglamento: Reglamento | None = None, datos: Portada = DE_TAPIZ
) -> str:
    return (
        '<!doctype html><html lang="es"><head><meta charset="utf-8">'
        f"<title>{escape(datos.titulo)} — Hoja de personaje</title>"
        + libro.metadatos(version_, datos)
        + f'</head><body class="md-typeset"><section class="capitulo--hoja">{hoja(reglamento)}'
        "</section></body></html>"
    )


def ensamblar(
    nav: list[Any] | None,
    sitio: Path,
    version_: Version,
    url: str,
    reglamento: Reglamento | None = None,
    paginas: Path | None = None,
    datos: Portada = DE_TAPIZ,
) -> tuple[str, int, int]:
    """El HTML del libro, los capítulos que lleva y los que tienen secciones pendientes.

    ``reglamento`` es el de la hoja de personaje (el del Lienzo del libro, con sus nombres);
    ``paginas``, la carpeta de las páginas, por si ``mkdocs.yml`` no tiene ``nav``."""
    capitulos = fuente.capitulos(nav, sitio, paginas)
    paleta = svg.colores("".join(e.read_text(encoding="utf-8") for e in del_sitio(sitio)))
    for capitulo in capitulos:
        svg.colores_resueltos(capitulo.cuerpo, paleta)
    quedan, pendientes = libro.preparar(capitulos)
    html = libro.documento(quedan, pendientes, hoja(reglamento), version_, url, datos)
    return html, len(quedan), len(pendientes)


def pdf(
    mkdocs_yml: Path,
    salida: Path,
    hoja_salida: Path,
    sitio: Path | None = None,
    reglamento: Reglamento | None = None,
    lienzo: Lienzo | None = None,
) -> Hecho:
    """El libro en ``salida`` y la hoja (la de ``reglamento``) en ``hoja_salida``; sin
    ``sitio``, lo construye antes en una carpeta temporal. ``lienzo``: el Lienzo cuyas
    páginas son el libro (su portada dice su título y su autor, los de ``mkdocs.yml``)."""
    _weasyprint()
    version_ = version(mkdocs_yml.parent)
    with tempfile.TemporaryDirectory(prefix="tapiz-pdf-") as temporal:
        if sitio is None:
            sitio = Path(temporal)
            configuracion = construir_sitio(mkdocs_yml, sitio)
        else:
            from mkdocs.config import load_config

            configuracion = dict(load_config(str(mkdocs_yml), site_dir=str(sitio)))
        datos = DE_TAPIZ
        if lienzo is not None:
            datos = portada_de_lienzo(
                configuracion["site_name"], configuracion["site_author"] or "", lienzo.descripcion
            )
        html, capitulos, pendientes = ensamblar(
            configuracion["nav"],
            sitio,
            version_,
            configuracion["site_url"] or "",
            reglamento,
            Path(configuracion["docs_dir"]),
            datos,
        )
        escribir(html, salida, sitio)
        escribir(hoja_sola(version_, reglamento, datos), hoja_salida, sitio)
    return Hecho(salida, hoja_salida, capitulos, pendientes)
