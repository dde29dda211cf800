"""Lo que escribió el plugin la vez anterior vuelve a su sitio si no cambia, y nada más."""

from __future__ import annotations

import shutil
from pathlib import Path

from mkdocs_plugins.nucleo.datos import Anteriores, anteriores
from mkdocs_plugins.nucleo.datos.anteriores import APARTE


def _escrito(sitio_: Path, ruta: str, datos: bytes) -> Path:
    fichero = sitio_ / ruta
    fichero.parent.mkdir(parents=True, exist_ok=True)
    fichero.write_bytes(datos)
    return fichero


def _vaciar_como_mkdocs(sitio_: Path) -> None:
    """``clean_directory`` de MkDocs: borra todo salvo lo que empieza por punto."""
    for entrada in sitio_.iterdir():
        if entrada.name.startswith("."):
            continue
        if entrada.is_dir():
            shutil.rmtree(entrada)
        else:
            entrada.unlink()


def test_un_fichero_igual_vuelve_y_uno_distinto_se_escribe(tmp_path: Path) -> None:
    igual = _escrito(tmp_path, "api/v1/igual.json", b'{"a": 1}')
    _escrito(tmp_path, "api/v1/distinto.json", b'{"b": 1}')
    _escrito(tmp_path, "api/v1/sobra.json", b"{}")
    nodo = igual.stat().st_ino
    apartados = Anteriores.apartar(tmp_path, ["api/v1", "assets/tapiz"])  # la segunda no existe
    _vaciar_como_mkdocs(tmp_path)
    assert (tmp_path / APARTE / "api/v1/igual.json").is_file()
    (tmp_path / "api/v1").mkdir(parents=True)
    apartados.escribir(tmp_path / "api/v1/igual.json", b'{"a": 1}')
    apartados.escribir(tmp_path / "api/v1/distinto.json", b'{"b": 2}')
    apartados.escribir(tmp_path / "api/v1/nuevo.json", b"[]")
    apartados.terminar()
    assert (tmp_path / "api/v1/igual.json").stat().st_ino == nodo  # renombrado, no escrito
    assert (tmp_path / "api/v1/distinto.json").read_bytes() == b'{"b": 2}'
    assert (tmp_path / "api/v1/nuevo.json").read_bytes() == b"[]"
    assert not (tmp_path / "api/v1/sobra.json").exists()
    assert not (tmp_path / APARTE).exists()


def test_una_copia_vuelve_si_tiene_el_tamano_y_la_fecha_de_su_origen(tmp_path: Path) -> None:
    origen = _escrito(tmp_path / "origen", "pyodide.asm.wasm", b"\0asm" * 100)
    otro = _escrito(tmp_path / "origen", "pyodide.js", b"uno")
    sitio_ = tmp_path / "sitio"
    sitio_.mkdir()
    for fichero in (origen, otro):
        anteriores.Anteriores(sitio_).copiar(fichero, sitio_ / fichero.name)
    nodo = (sitio_ / origen.name).stat().st_ino
    otro.write_bytes(b"dos")  # el origen cambió: se copia otra vez
    apartados = Anteriores.apartar(sitio_, [origen.name, otro.name])
    apartados.copiar(origen, sitio_ / origen.name)
    apartados.copiar(otro, sitio_ / otro.name)
    apartados.terminar()
    assert (sitio_ / origen.name).stat().st_ino == nodo
    assert (sitio_ / otro.name).read_bytes() == b"dos"


def test_lo_apartado_de_una_construccion_cortada_no_se_usa(tmp_path: Path) -> None:
    _escrito(tmp_path, f"{APARTE}/api/v1/viejo.json", b"{}")
    apartados = Anteriores.apartar(tmp_path, ["api/v1"])
    destino = _escrito(tmp_path, "api/v1/otro.json", b"")
    apartados.escribir(destino, b"{}")
    assert not (tmp_path / APARTE / "api/v1/viejo.json").exists()
    anteriores.escribir(tmp_path / "suelto.json", b"1", None)
    assert (tmp_path / "suelto.json").read_bytes() == b"1"
