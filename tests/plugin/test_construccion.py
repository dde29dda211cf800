"""El plugin dentro de un MkDocs real: construcción estricta, HTML y datos exportados."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from mkdocs_plugins.plugin import carga
from tests import esperas
from tests.plugin.conftest import PAGINAS, construir, paginas_incorrectas, sitio

RAIZ = Path(__file__).resolve().parents[2]


def test_un_sitio_correcto_construye_en_modo_estricto(sitio_correcto: Path) -> None:
    resultado = construir(sitio_correcto, "--strict")
    assert resultado.returncode == 0, resultado.stderr
    html = (sitio_correcto / "site" / "correcta" / "index.html").read_text(encoding="utf-8")
    assert '<div class="tapiz-ejemplo" id="once-puntos">' in html  # el id que declara
    assert "Cuatro puntos no bastan" in html  # el ejemplo dentro de la admonición
    assert (
        '<div class="tapiz-tabla" data-tabla="grados_efecto" data-reglamento="tapiz/actual" '
        'data-tapiz-busqueda="texto"'
    ) in (html)
    assert '<button type="button" class="tapiz-dados" data-expr="3d6"' in html
    assert 'data-expr="1d20+1d8!+3"' in html
    assert "```tapiz" not in html and "TAPIZBLOQUE" not in html


def test_lo_que_escribe_una_valla_se_escapa(sitio_correcto: Path) -> None:
    assert construir(sitio_correcto, "--strict").returncode == 0
    ruta = sitio_correcto / "site" / "ejemplo-html-hostil" / "index.html"
    html = ruta.read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; y &lt;b&gt;negrita&lt;/b&gt;" in html
    assert '<script>alert("x")' not in html


def test_los_datos_de_los_widgets_salen_del_motor(sitio_correcto: Path) -> None:
    assert construir(sitio_correcto, "--strict").returncode == 0
    ruta = sitio_correcto / "site" / "assets" / "tapiz" / "datos.json"
    datos = json.loads(ruta.read_text(encoding="utf-8"))
    assert datos["reglamento"] == {"edicion": "actual", "dado_base": "1d20", "opcionales": []}
    # La calculadora no lee datos: sus números los da el motor (tapiz_rules/vivo/calculadora.py).
    assert not {"ediciones", "grados", "bonus_rasgos", "formularios"} & set(datos)
    tres_d6 = dict((valor, p) for valor, p in datos["distribuciones"]["3d6"])
    assert tres_d6[10] == 27 / 216
    assert sum(tres_d6.values()) == pytest.approx(1, abs=1e-12)


def test_la_construccion_estricta_informa_de_todos_los_problemas_y_falla(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", *paginas_incorrectas()])
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    for pagina in paginas_incorrectas():
        for mensaje in pagina.with_suffix(".txt").read_text(encoding="utf-8").splitlines():
            assert mensaje in resultado.stderr
    assert "Traceback" not in resultado.stderr


def test_sin_modo_estricto_el_error_se_ve_en_su_sitio(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "ejemplo-valor-incorrecto.md"])
    resultado = construir(proyecto)
    assert resultado.returncode == 0
    ruta = proyecto / "site" / "ejemplo-valor-incorrecto" / "index.html"
    html = ruta.read_text(encoding="utf-8")
    assert '<div class="admonition failure tapiz-error" role="alert">' in html
    assert "srd/ejemplo-valor-incorrecto.md:9: el ejemplo «Once puntos» no coincide" in html


def test_dos_construcciones_dan_el_mismo_html(tmp_path: Path) -> None:
    primero = sitio(tmp_path / "a", [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"])
    segundo = sitio(tmp_path / "b", [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"])
    assert construir(primero, "--strict").returncode == 0
    assert construir(segundo, "--strict").returncode == 0
    generados = sorted(
        p.relative_to(primero / "site")
        for p in (primero / "site").rglob("*")
        if p.suffix in (".html", ".json")
    )
    assert generados
    for relativo in generados:
        assert (primero / "site" / relativo).read_bytes() == (
            segundo / "site" / relativo
        ).read_bytes(), relativo


def test_mkdocs_serve_sigue_vivo_y_muestra_el_error_en_la_pagina(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    with socket.socket() as libre:
        libre.bind(("127.0.0.1", 0))
        puerto = libre.getsockname()[1]
    servidor = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-livereload", "-a", f"127.0.0.1:{puerto}"],
        cwd=proyecto,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        html = _esperar_pagina(f"http://127.0.0.1:{puerto}/ejemplo-valor-incorrecto/", servidor)
        assert "srd/ejemplo-valor-incorrecto.md:9: el ejemplo «Once puntos» no coincide" in html
        assert servidor.poll() is None
    finally:
        servidor.terminate()
        _, errores = servidor.communicate(timeout=30)
    assert "srd/ejemplo-valor-incorrecto.md:9:" in errores


def _esperar_pagina(url: str, servidor: subprocess.Popen[str]) -> str:
    def servida() -> str | None:
        if servidor.poll() is not None:
            raise AssertionError("mkdocs serve terminó antes de servir la página")
        try:
            with urllib.request.urlopen(url, timeout=5) as respuesta:
                return str(respuesta.read().decode("utf-8"))
        except OSError:
            return None

    return esperas.hasta_que(servida, f"mkdocs serve no sirvió {url}")


def test_reconstruir_con_el_mismo_plugin_empieza_limpio(tmp_path: Path) -> None:
    """Como ``mkdocs serve``: la misma configuración y el mismo plugin, dos construcciones."""
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    configuracion = load_config(str(proyecto / "mkdocs.yml"))
    build(configuracion)
    datos = proyecto / "site" / "assets" / "tapiz" / "datos.json"
    antes = json.loads(datos.read_text(encoding="utf-8"))
    assert "3d6" in antes["distribuciones"]

    (proyecto / "srd" / "ejemplo-valor-incorrecto.md").unlink()
    pagina = proyecto / "srd" / "correcta.md"
    pagina.write_text(pagina.read_text("utf-8").replace("Tira 3d6 o", "Tira 2d8 o"), "utf-8")
    build(configuracion)

    despues = json.loads(datos.read_text(encoding="utf-8"))
    assert "3d6" not in despues["distribuciones"]
    assert "2d8" in despues["distribuciones"]
    html = (proyecto / "site" / "correcta" / "index.html").read_text(encoding="utf-8")
    assert 'data-expr="2d8"' in html and 'data-expr="3d6"' not in html


def test_un_error_de_configuracion_falla_enseguida_con_las_opciones_validas(
    tmp_path: Path,
) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    yml = proyecto / "mkdocs.yml"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", "catalogo: 'quizá'"), "utf-8")
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    assert "Config value 'plugins': Plugin 'tapiz' option 'catalogo'" in resultado.stderr
    assert not (proyecto / "site").exists()


def test_la_edicion_no_se_configura_en_mkdocs_yml_sino_en_tapiz_yml(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    yml = proyecto / "mkdocs.yml"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", "edicion: '2017'"), "utf-8")
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    assert "Plugin 'tapiz' option 'edicion'" in resultado.stderr
    (proyecto / "tapiz.yml").write_text("edicion: '1999'\n", encoding="utf-8")
    yml.write_text(yml.read_text("utf-8").replace("edicion: '2017'", "catalogo: false"), "utf-8")
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    assert "tapiz.yml:1: edición desconocida «1999» del sistema «tapiz»" in resultado.stderr
    assert "Traceback" not in resultado.stderr


def test_mkdocs_serve_se_reinicia_con_el_motor_nuevo(tmp_path: Path) -> None:
    """Cambiar el motor con ``mkdocs serve`` en marcha: la página muestra la regla nueva."""
    codigo = tmp_path / "codigo"
    for paquete in ("tapiz_rules", "mkdocs_plugins"):
        shutil.copytree(
            RAIZ / paquete, codigo / paquete, ignore=shutil.ignore_patterns("__pycache__")
        )
    proyecto = sitio(tmp_path / "libro", [])
    (proyecto / "srd" / "index.md").write_text(
        "# Grados {#grados}\n\n```tapiz-regla\ntabla: grados_efecto\n```\n", encoding="utf-8"
    )
    with socket.socket() as libre:
        libre.bind(("127.0.0.1", 0))
        puerto = libre.getsockname()[1]
    entorno = {**os.environ, "PYTHONPATH": str(codigo), "NO_MKDOCS_2_WARNING": "1"}
    servidor = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{puerto}"],
        cwd=proyecto,
        env=entorno,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{puerto}/"
    try:
        assert "<td>Menor</td>" in _esperar_pagina(url, servidor)
        efectos = codigo / "tapiz_rules" / "sistemas" / "tapiz" / "efectos.py"
        efectos.write_text(
            efectos.read_text("utf-8").replace('"menor": "Menor"', '"menor": "Leve"'), "utf-8"
        )
        esperas.hasta_que(
            lambda: "<td>Leve</td>" in _esperar_pagina(url, servidor),
            "mkdocs serve no mostró la regla nueva",
        )
    finally:
        servidor.terminate()
        _, errores = servidor.communicate(timeout=30)
    assert "el motor ha cambiado; mkdocs serve se reinicia con el código nuevo" in errores
    assert "Traceback" not in errores


@pytest.mark.parametrize("minificar", [True, False])
def test_los_modulos_de_los_widgets_se_publican_minificados(
    tmp_path: Path, minificar: bool
) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    tema = RAIZ / "mkdocs_plugins" / "tema"
    yml = proyecto / "mkdocs.yml"
    ajustes = f"catalogo: false\n      minificar: {str(minificar).lower()}"
    texto = yml.read_text("utf-8").replace("catalogo: false", ajustes)
    yml.write_text(texto.replace("  language: es", f"  language: es\n  custom_dir: {tema}"))
    assert construir(proyecto, "--strict").returncode == 0
    for nombre in ("dados.js", "tapiz.css"):
        fuente = (tema / "tapiz" / nombre).read_text("utf-8")
        esperado = carga.minificado(nombre, fuente) if minificar else fuente
        assert (proyecto / "site" / "tapiz" / nombre).read_text("utf-8") == esperado
        assert (len(esperado) < len(fuente)) is minificar
