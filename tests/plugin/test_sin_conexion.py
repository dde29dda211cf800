"""El libro sin conexión en el sitio construido: la lista del trabajador de servicio, el
trabajador, el manifiesto de aplicación web y su registro en cada página; y con
``mkdocs serve``, nada registrado y un trabajador que se da de baja."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any, Literal

from mkdocs.commands.build import build
from mkdocs.config import load_config

from desarrollo.peso import comprimido
from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.plugin import sin_conexion as del_sitio
from mkdocs_plugins.plugin.sin_conexion import PAGINAS_SIEMPRE
from tests.plugin.conftest import AVISO, MKDOCS_YML, guion

RAIZ = Path(__file__).resolve().parents[2]
HOJA = RAIZ / "mkdocs_plugins" / "tema" / "tapiz" / "tapiz.css"
REGISTRO = re.compile(r'<script>[^<]*import\("[^"]*tapiz/registro\.js"\)[^<]*</script>')


def _lista(sitio: Path) -> dict[str, Any]:
    return json.loads((sitio / sin_conexion.LISTA).read_text(encoding="utf-8"))


def test_la_lista_tiene_cada_pagina_con_su_huella_y_no_pyodide(libro: Path) -> None:
    lista = _lista(libro)
    precache, demanda = lista["precache"], lista["bajo_demanda"]
    ficheros = {
        p.relative_to(libro).as_posix()
        for p in libro.rglob("*")
        if p.is_file() and p.name not in (sin_conexion.LISTA, sin_conexion.TRABAJADOR)
    }
    assert set(precache) | set(demanda) == ficheros
    assert not set(precache) & set(demanda)
    # Al instalarse, la portada, «no encontrada» y el libro entero en una página; cada capítulo,
    # al leerlo (el presupuesto de lo que se guarda al instalarse lo mide el navegador).
    paginas = {f for f in ficheros if f.endswith(".html")}
    assert {f for f in paginas if f in precache} == set(PAGINAS_SIEMPRE)
    assert paginas - set(PAGINAS_SIEMPRE) <= set(demanda)
    for ruta, huella in {**precache, **demanda}.items():
        assert sin_conexion.huella(libro / ruta) == huella, ruta
    for ruta in (
        "search/search_index.json",
        "assets/tapiz/datos/hacer-cosas.json",
        "tapiz/dados.js",
        "tapiz/motor.js",
        "sitemap.xml",
        "manifest.webmanifest",
        "assets/javascripts/lunr/min/lunr.es.min.js",
    ):
        assert ruta in precache, ruta
    assert any(r.startswith("assets/javascripts/workers/search.") for r in precache)
    pyodide = [r for r in ficheros if r.startswith("assets/tapiz/vivo/pyodide/")]
    assert pyodide and set(pyodide) <= set(demanda)
    assert not any(r.startswith("assets/tapiz/vivo/") for r in precache)
    # Solo rutas del sitio, relativas: nada de otro servidor.
    for ruta in precache | demanda:
        assert not re.match(r"^(/|\w+:|\.\./)", ruta) and "/../" not in ruta, ruta


def test_el_trabajador_lleva_la_version_de_la_lista(libro: Path) -> None:
    lista = _lista(libro)
    trabajador = (libro / sin_conexion.TRABAJADOR).read_text(encoding="utf-8")
    assert f'const VERSION = "{lista["version"]}";' in trabajador
    inventario = sin_conexion.Inventario(lista["precache"], lista["bajo_demanda"])
    assert inventario.version == lista["version"]
    # Cambiar un fichero cambia la versión (y con ella los bytes del trabajador).
    otra = dict(lista["precache"], **{"index.html": "0" * 16})
    assert sin_conexion.Inventario(otra, lista["bajo_demanda"]).version != lista["version"]


def test_el_manifiesto_web_es_del_libro_y_se_enlaza_en_cada_pagina(libro: Path) -> None:
    manifiesto = json.loads((libro / sin_conexion.MANIFIESTO).read_text(encoding="utf-8"))
    assert manifiesto["lang"] == "es"
    assert manifiesto["start_url"] == manifiesto["scope"] == "./"
    assert manifiesto["display"] == "standalone"
    assert manifiesto["name"].startswith("Sistema Tapiz")
    colores = sin_conexion.colores_de(HOJA.read_text(encoding="utf-8"))
    assert (manifiesto["theme_color"], manifiesto["background_color"]) == ("#8c2f1f", "#faf6f2")
    assert colores == sin_conexion.Colores("#8c2f1f", "#faf6f2")
    tamanos = {(i["sizes"], i["purpose"]) for i in manifiesto["icons"]}
    assert tamanos == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icono in manifiesto["icons"]:
        assert (libro / icono["src"]).is_file(), icono
    for pagina in sorted(libro.rglob("*.html")):
        html = pagina.read_text(encoding="utf-8")
        if "<head>" not in html:  # una redirección de MkDocs, sin plantilla
            continue
        assert '<link rel="manifest" href="' in html, pagina
        assert len(REGISTRO.findall(html)) == 1, pagina


def test_el_icono_usa_los_colores_de_la_hoja() -> None:
    svg = (RAIZ / "mkdocs_plugins" / "tema" / "tapiz" / "iconos" / "icono.svg").read_text("utf-8")
    colores = sin_conexion.colores_de(HOJA.read_text(encoding="utf-8"))
    assert set(re.findall(r'(?:fill|stroke)="(#\w+)"', svg)) == {colores.tema, colores.fondo}


def test_el_registro_pesa_poco_y_no_va_en_la_base(libro: Path) -> None:
    """Se importa al acabar de cargar la página: no está entre lo que la página enlaza."""
    html = (libro / "historia" / "index.html").read_text(encoding="utf-8")
    assert 'src="../tapiz/registro.js"' not in html
    assert comprimido(libro / "tapiz" / "registro.js") < 512


def _proyecto(destino: Path) -> Path:
    (destino / "srd").mkdir(parents=True)
    (destino / "srd" / "index.md").write_text(AVISO, encoding="utf-8")
    overrides = (RAIZ / "mkdocs_plugins" / "tema").as_posix()
    yml = MKDOCS_YML.replace("  language: es\n", f"  language: es\n  custom_dir: {overrides}\n")
    (destino / "mkdocs.yml").write_text(yml, encoding="utf-8")
    return destino


def _construir(proyecto: Path, orden: Literal["build", "serve"]) -> str:
    configuracion = load_config(config_file=str(proyecto / "mkdocs.yml"))
    configuracion.plugins["tapiz"].on_startup(command=orden, dirty=False)
    build(configuracion)
    return (proyecto / "site" / "index.html").read_text("utf-8")


def test_con_mkdocs_serve_no_se_registra_y_el_trabajador_se_da_de_baja(tmp_path: Path) -> None:
    proyecto = _proyecto(tmp_path)
    sitio = proyecto / "site"
    html = _construir(proyecto, "build")
    assert REGISTRO.search(html) and 'rel="manifest"' in html
    assert (sitio / sin_conexion.LISTA).is_file()
    assert "precache" in (sitio / sin_conexion.TRABAJADOR).read_text("utf-8")

    html = _construir(proyecto, "serve")
    assert not REGISTRO.search(html) and 'rel="manifest"' not in html
    assert not (sitio / sin_conexion.LISTA).exists()
    baja = (sitio / sin_conexion.TRABAJADOR).read_text("utf-8")
    assert baja == sin_conexion.trabajador_de_baja() and "unregister()" in baja


_ENCARGOS = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs_plugins.plugin.adelanto import encargos

del_plugin = encargos.del_plugin


def apuntar(*args, **kwargs):
    hechos = del_plugin(*args, **kwargs)
    print("encargos:", *[nombre for nombre, _ in hechos.despues])
    return hechos


encargos.del_plugin = apuntar
config = load_config(sys.argv[1])
config.plugins["tapiz"].on_startup(command=sys.argv[2], dirty=False)
build(config)
"""


def test_solo_se_resume_el_sitio_si_lleva_la_lista(tmp_path: Path) -> None:
    """Con ``mkdocs serve`` (o sin la lista sin conexión) el auxiliar no calcula la huella de
    cada fichero del sitio al final: nadie la usaría, y MkDocs la esperaría. En un proceso
    nuevo: con otros hilos vivos (los de pytest) el plugin no bifurca el auxiliar."""
    proyecto = _proyecto(tmp_path)
    yml = proyecto / "mkdocs.yml"
    ajustes = "catalogo: false\n      procesos: 1"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", ajustes), "utf-8")
    encargados = []
    for orden in ("build", "serve"):
        hecho = guion(_ENCARGOS, str(yml), orden, cwd=proyecto)
        assert hecho.returncode == 0, hecho.stderr
        lineas = hecho.stdout.splitlines()
        encargados.append(next(linea for linea in lineas if linea.startswith("encargos:")))
    assert "huellas" in encargados[0].split() and "huellas" not in encargados[1].split()


def test_con_las_huellas_de_todo_el_sitio_no_se_recorre_otra_vez(tmp_path: Path) -> None:
    """Las del auxiliar del adelanto (``huellas`` con las que ya sabía) dan la misma lista que
    recorrer el sitio; con una que falta, la lista no la tendría (por eso solo se usa así cuando
    el auxiliar resumió el sitio entero)."""
    for ruta, texto in {"index.html": "<p>a</p>", "b/c.js": "x", "api/v1/d.json": "{}"}.items():
        (tmp_path / ruta).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / ruta).write_text(texto, encoding="utf-8")
    ya = {"b/c.js": (1, "sabida")}  # la que dio un encargo: no se vuelve a calcular
    todas = sin_conexion.huellas(tmp_path, "", conocidas=ya)
    assert todas["b/c.js"] == (1, "sabida") and len(todas) == 3
    recorrida = sin_conexion.inventario(tmp_path, ["api/*"], conocidas=todas)
    sin_recorrer = sin_conexion.inventario(tmp_path, ["api/*"], conocidas=todas, completas=True)
    assert sin_recorrer == recorrida and sin_recorrer.bajo_demanda == {
        "api/v1/d.json": todas["api/v1/d.json"][1]
    }
    del todas["index.html"]
    assert (
        "index.html"
        not in sin_conexion.inventario(tmp_path, [], conocidas=todas, completas=True).precache
    )


def test_la_huella_de_una_copia_de_pyodide_se_calcula_una_vez(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Una copia con la fecha de su origen (Pyodide, de ``node_modules``) guarda su huella en
    ``.cache/tapiz/`` bajo su ruta, su tamaño y su fecha: la siguiente construcción, también
    en frío, no vuelve a leerla; lo escrito en la construcción se calcula siempre."""
    origen = tmp_path / "pyodide.asm.wasm"
    origen.write_bytes(b"\0asm" * 1000)
    os.utime(origen, ns=(1_000_000_000, 1_000_000_000))
    sitio = tmp_path / "site"
    (sitio / "vivo").mkdir(parents=True)
    shutil.copy2(origen, sitio / "vivo" / origen.name)
    desde = time.time_ns()
    (sitio / "vivo" / "motor.zip").write_bytes(b"zip")
    calculadas: list[str] = []
    huella = sin_conexion.huella
    monkeypatch.setattr(sin_conexion, "huella", lambda f: calculadas.append(f.name) or huella(f))
    primera = del_sitio.del_motor(sitio, "vivo", tmp_path, desde)
    assert sorted(calculadas) == ["motor.zip", "pyodide.asm.wasm"]
    calculadas.clear()
    assert del_sitio.del_motor(sitio, "vivo", tmp_path, desde) == primera
    assert calculadas == ["motor.zip"]
    assert primera["vivo/pyodide.asm.wasm"] == sin_conexion.conocida(origen.read_bytes())
    (sitio / "vivo" / origen.name).write_bytes(b"otro")  # otra fecha: se calcula otra vez
    os.utime(sitio / "vivo" / origen.name, ns=(2_000_000_000, 2_000_000_000))
    calculadas.clear()
    otra = del_sitio.del_motor(sitio, "vivo", tmp_path, desde)
    assert "pyodide.asm.wasm" in calculadas
    assert otra["vivo/pyodide.asm.wasm"] == sin_conexion.conocida(b"otro")
    assert len(cache_huellas := (tmp_path / del_sitio.HUELLAS).read_bytes()) > 0
    assert b"2000000000" in cache_huellas and b"1000000000" not in cache_huellas
