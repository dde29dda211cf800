"""``tapiz motor``: Pyodide desde el registro de npm, con la huella de package-lock.json.

Aquí el «registro» es un servidor de 127.0.0.1 con un paquete hecho para la prueba (con su
propia huella): lo que se comprueba es la descarga, la huella, lo que se guarda y dónde lo
busca la construcción. Que el Pyodide de verdad arranca en la página lo muestra
test_instalado.py."""

from __future__ import annotations

import functools
import io
import json
import tarfile
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mkdocs_plugins.herramientas import cli
from mkdocs_plugins.nucleo.vivo import motor, pyodide_npm

RAIZ = Path(__file__).resolve().parents[2]


def test_la_version_y_la_huella_son_las_de_package_lock() -> None:
    bloqueo = json.loads((RAIZ / "package-lock.json").read_text("utf-8"))
    fijado = bloqueo["packages"]["node_modules/pyodide"]
    assert (fijado["version"], fijado["integrity"]) == (
        pyodide_npm.VERSION,
        pyodide_npm.INTEGRIDAD,
    )
    assert fijado.get("resolved", pyodide_npm.URL) == pyodide_npm.URL


def _paquete(version: str = pyodide_npm.VERSION, quitar: str = "") -> bytes:
    salida = io.BytesIO()
    with tarfile.open(fileobj=salida, mode="w:gz") as tar:
        for nombre in (*pyodide_npm.ficheros(), "README.md", "pyodide.d.ts"):
            if nombre == quitar:
                continue
            datos = (
                json.dumps({"name": "pyodide", "version": version}).encode()
                if nombre == "package.json"
                else f"contenido de {nombre}".encode()
            )
            miembro = tarfile.TarInfo(f"package/{nombre}")
            miembro.size = len(datos)
            tar.addfile(miembro, io.BytesIO(datos))
    return salida.getvalue()


@pytest.fixture
def registro(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Un servidor de 127.0.0.1 que sirve una carpeta, como el registro de npm."""
    carpeta = tmp_path / "registro"
    carpeta.mkdir()
    manejador = functools.partial(SimpleHTTPRequestHandler, directory=str(carpeta))
    manejador.log_message = lambda *a: None  # type: ignore[attr-defined]
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), manejador)
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{servidor.server_port}", carpeta
    servidor.shutdown()


def test_descarga_comprueba_la_huella_y_guarda_lo_que_se_publica(
    registro: tuple[str, Path], tmp_path: Path
) -> None:
    url, carpeta = registro
    datos = _paquete()
    (carpeta / "pyodide.tgz").write_bytes(datos)
    libro = tmp_path / "libro"
    assert motor.carpeta_pyodide(libro) is None
    destino = pyodide_npm.instalar(libro, f"{url}/pyodide.tgz", pyodide_npm.integridad(datos))
    assert destino == libro / ".cache/tapiz/npm" / f"pyodide-{pyodide_npm.VERSION}"
    assert sorted(f.name for f in destino.iterdir()) == sorted(pyodide_npm.ficheros())
    assert (destino / "pyodide.asm.wasm").read_bytes() == b"contenido de pyodide.asm.wasm"
    assert motor.carpeta_pyodide(libro) == destino
    (libro / "node_modules" / "pyodide").mkdir(parents=True)
    for nombre in motor.PYODIDE:  # con npm ci, manda node_modules
        (libro / "node_modules" / "pyodide" / nombre).write_bytes(b"")
    assert motor.carpeta_pyodide(libro) == libro / "node_modules" / "pyodide"


def test_un_paquete_con_otra_huella_no_se_instala(
    registro: tuple[str, Path], tmp_path: Path
) -> None:
    url, carpeta = registro
    (carpeta / "pyodide.tgz").write_bytes(_paquete())
    with pytest.raises(pyodide_npm.ErrorPyodide) as error:
        pyodide_npm.instalar(tmp_path, f"{url}/pyodide.tgz")
    assert str(error.value) == (
        f"{url}/pyodide.tgz: el paquete descargado no es Pyodide {pyodide_npm.VERSION} (su "
        "huella SHA-512 no es la de package-lock.json); no se instala"
    )
    assert not (tmp_path / ".cache").exists() or not any((tmp_path / ".cache").rglob("*.wasm"))


def test_un_paquete_al_que_le_falta_un_fichero(tmp_path: Path) -> None:
    datos = _paquete(quitar="pyodide.asm.wasm")
    (tmp_path / "p.tgz").write_bytes(datos)
    with pytest.raises(pyodide_npm.ErrorPyodide) as error:
        pyodide_npm.instalar(tmp_path, str(tmp_path / "p.tgz"), pyodide_npm.integridad(datos))
    assert (
        str(error.value) == f"{tmp_path / 'p.tgz'}: el paquete no trae pyodide.asm.wasm de Pyodide"
    )


def test_sin_conexion_lo_dice_y_propone_otro_origen(
    registro: tuple[str, Path], tmp_path: Path
) -> None:
    url, _ = registro
    with pytest.raises(pyodide_npm.ErrorPyodide) as error:
        pyodide_npm.instalar(tmp_path, f"{url}/no-existe.tgz")
    assert str(error.value).startswith(f"no se pudo descargar {url}/no-existe.tgz (HTTP Error 404")
    assert str(error.value).endswith(
        "sin conexión, «tapiz motor --desde» acepta el .tgz ya descargado o una carpeta "
        "node_modules/pyodide"
    )


def test_desde_una_carpeta_de_otra_version(tmp_path: Path) -> None:
    carpeta = tmp_path / "pyodide"
    with tarfile.open(fileobj=io.BytesIO(_paquete(version="0.27.0"))) as tar:
        for miembro in tar.getmembers():
            extraido = tar.extractfile(miembro)
            assert extraido is not None
            (carpeta / Path(miembro.name).name).parent.mkdir(exist_ok=True)
            (carpeta / Path(miembro.name).name).write_bytes(extraido.read())
    with pytest.raises(pyodide_npm.ErrorPyodide) as error:
        pyodide_npm.instalar(tmp_path, str(carpeta))
    assert str(error.value) == (
        f"{carpeta}: es Pyodide 0.27.0 y el libro necesita Pyodide {pyodide_npm.VERSION}"
    )


def test_la_orden_sin_libro(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli.main(["motor"]) == 2
    assert capsys.readouterr().err == (
        "tapiz: error: no encuentro mkdocs.yml en esta carpeta ni en las de arriba\n"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    assert cli.main(["motor", "--desde", "no-existe.tgz"]) == 1
    assert capsys.readouterr().err == (
        "tapiz: error: no se puede leer «no-existe.tgz»: No such file or directory\n"
    )
