"""Las pruebas de JavaScript (node:test) forman parte de ``uv run pytest``."""

import re
import shutil
import subprocess
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent


def test_pruebas_de_node_pasan():
    node = shutil.which("node")
    assert node is not None, "Falta Node.js (≥ 20) para tests/js: apt-get install nodejs"
    proceso = subprocess.run(
        [node, "--test", "tests/js/"],
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
