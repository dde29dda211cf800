"""El proceso de un Lienzo bifurcado (el de ``mkdocs build``) aísla como el arrancado de cero.

Bifurcar solo se permite en un proceso sin otros hilos, y el de pytest con xdist los tiene:
cada caso corre en un Python aparte, que lee el Lienzo dentro de ``permitido()`` e imprime
lo que pasó.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.modelo.test_lienzo_aislado import CABECERA, REGLA

RAIZ = Path(__file__).resolve().parents[2]
GUION = """\
import json, os, sys
from pathlib import Path
from tapiz_rules.lienzos import aislado as lienzo_aislado
from tapiz_rules.lienzos import bifurcado as lienzo_bifurcado
from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.lienzos.lienzo import cargar

# Un descriptor que el Lienzo no debe poder usar.
testigo = os.open(sys.argv[2], os.O_WRONLY)
Path(sys.argv[1]).with_name("fd.txt").write_text(str(testigo))  # el entorno no le llega
# Un objeto con su descriptor, que el hijo suelta al cambiar sys.stdout: al soltarlo cierra el
# suyo, que no puede ser uno de los tubos del hijo.
sys.stdout = open(os.devnull, "w")
salida = {}
try:
    with lienzo_bifurcado.permitido():
        reglamento = cargar(Path(sys.argv[1]), "mi-lienzo/lienzo.yml", limite=1).reglamento()
    salida["proceso"] = [type(t._proceso).__name__ for t in lienzo_aislado._VIVOS]
    salida["doble"] = reglamento.calcular("doble", {"n": 21})["valor"]
    (trabajador,) = lienzo_aislado._VIVOS
    grupo = trabajador._proceso.pid
    assert os.getpgid(grupo) == grupo != os.getpgid(0), "su propia sesión"
    trabajador.cerrar()
    try:
        os.killpg(grupo, 0)
        salida["grupo"] = "vivo"
    except ProcessLookupError:
        pass
except ErrorTapiz as error:
    salida["error"] = str(error)
print(json.dumps(salida), file=sys.__stdout__)
"""


def _lienzo(tmp_path: Path, cuerpo: str = "pass", antes: str = "") -> Path:
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    (carpeta / "lienzo.yml").write_text("nombre: X\npython: reglas.py\n", encoding="utf-8")
    codigo = CABECERA + antes + REGLA.format(cuerpo=cuerpo)
    (carpeta / "reglas.py").write_text(codigo, encoding="utf-8")
    return carpeta / "lienzo.yml"


def _leer(tmp_path: Path, cuerpo: str = "pass", antes: str = "") -> dict[str, object]:
    carpeta = _lienzo(tmp_path, cuerpo, antes).parent
    testigo = tmp_path / "testigo.txt"
    testigo.write_text("", encoding="utf-8")
    salida = _en_otro_python(GUION, carpeta / "lienzo.yml", testigo)
    assert testigo.read_text(encoding="utf-8") == ""
    return salida


def _en_otro_python(guion: str, *argumentos: Path) -> dict[str, object]:
    """Lo que imprime (en JSON) ``guion`` en un Python nuevo, sin hilos."""
    hecho = subprocess.run(
        [sys.executable, "-c", guion, *map(str, argumentos)],
        capture_output=True,
        text=True,
        cwd=RAIZ,
        env={"PYTHONPATH": str(RAIZ), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert hecho.returncode == 0, hecho.stderr
    return dict(json.loads(hecho.stdout))


def test_se_bifurca_y_calcula_sin_dejar_bytecode(tmp_path: Path) -> None:
    assert _leer(tmp_path) == {"proceso": ["Bifurcado"], "doble": 42}
    assert sorted(p.name for p in (tmp_path / "mi-lienzo").iterdir()) == [
        "fd.txt",
        "lienzo.yml",
        "reglas.py",
    ]


RESERVA = """\
import json, os, sys
from pathlib import Path
from tapiz_rules.lienzos import aislado as lienzo_aislado
from tapiz_rules.lienzos import bifurcado as lienzo_bifurcado
from tapiz_rules.lienzos.lienzo import cargar

with lienzo_bifurcado.permitido(reserva=True):
    reglamento = cargar(Path(sys.argv[1]), "mi-lienzo/lienzo.yml", limite=1).reglamento()
lectura, escritura = os.pipe()
if os.fork() == 0:  # como el auxiliar del adelanto
    (trabajador,) = lienzo_aislado._VIVOS
    con_reserva = trabajador._reserva is not None
    valor = reglamento.calcular("doble", {"n": 5})["valor"]
    suyo = trabajador._proceso is not None and trabajador._reserva is None
    os.write(escritura, json.dumps([con_reserva, valor, suyo]).encode())
    os._exit(0)
os.wait()
print(json.dumps({"hijo": json.loads(os.read(lectura, 1000)),
                  "padre": reglamento.calcular("doble", {"n": 7})["valor"]}))
"""


def test_el_proceso_bifurcado_despues_se_queda_el_de_reserva(tmp_path: Path) -> None:
    """El auxiliar del adelanto no arranca un Python de cero: usa el que ya importó el Lienzo,
    y el de quien lo bifurcó sigue siendo suyo."""
    salida = _en_otro_python(RESERVA, _lienzo(tmp_path))
    assert salida == {"hijo": [True, 10, True], "padre": 14}


def test_los_descriptores_heredados_no_llevan_a_ninguna_parte(tmp_path: Path) -> None:
    """El Lienzo escribe por un descriptor del proceso que comprueba y no llega a nada."""
    escribir = "import os\nos.write(int(open('fd.txt').read()), b'trampa')\n"
    assert _leer(tmp_path, antes=escribir) == {"proceso": ["Bifurcado"], "doble": 42}


@pytest.mark.parametrize(
    ("antes", "mensaje"),
    [
        ("while True: pass\n", "no terminó en 1 s al importarlo"),
        ("import os\nos._exit(0)\n", "intentó terminar el proceso al importarlo"),
    ],
)
def test_un_bucle_o_una_salida_al_importar_son_un_error_en_su_linea(
    tmp_path: Path, antes: str, mensaje: str
) -> None:
    error = str(_leer(tmp_path, antes=antes)["error"])
    assert error.startswith("mi-lienzo/reglas.py:"), error
    assert mensaje in error


def test_los_modulos_de_su_carpeta_no_se_importan_antes_de_encerrarse(tmp_path: Path) -> None:
    """Con «''» en sys.path (``python -c``) y la carpeta del Lienzo como actual, un
    ``ctypes.py`` suyo se importaría en lugar del de Python al encerrarse."""
    carpeta = _lienzo(tmp_path).parent
    for modulo in ("ctypes", "resource", "json", "select"):
        (carpeta / f"{modulo}.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    testigo = tmp_path / "testigo.txt"
    testigo.write_text("", encoding="utf-8")
    salida = _en_otro_python(GUION, carpeta / "lienzo.yml", testigo)
    assert salida == {"proceso": ["Bifurcado"], "doble": 42}


COLGADO = """\
import os, pickle, select, sys
from pathlib import Path
from tapiz_rules.lienzos import aislado as lienzo_aislado
from tapiz_rules.lienzos import bifurcado as lienzo_bifurcado
from tapiz_rules.lienzos.lienzo import cargar

with lienzo_bifurcado.permitido() if sys.argv[2] == "si" else open(os.devnull):
    lienzo = cargar(Path(sys.argv[1]), "mi-lienzo/lienzo.yml", limite=60)  # vivo
(trabajador,) = lienzo_aislado._VIVOS
peticion = {"orden": "calcular", "regla": "doble", "parametros": None, "entradas": {"n": 1}}
trabajador._enviar(trabajador._proceso, pickle.dumps(peticion | {"limite": 60, "n": 2}))
os.read(trabajador._proceso.stdout.fileno(), 1)  # el byte que escribe: ya está en su código
print(trabajador._proceso.pid, flush=True)
select.select([], [], [])  # hasta que lo maten
"""
ESPERA = (
    "import os, select, signal\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
    "    for fd in range(3, 12):\n        try:\n            os.write(fd, b'\\0')\n"
    "        except OSError:\n            pass\n    select.select([], [], [])"
)


@pytest.mark.parametrize("bifurcado", ["no", "si"])
def test_si_la_construccion_muere_sin_cerrarlo_el_lienzo_muere_con_ella(
    tmp_path: Path, bifurcado: str
) -> None:
    """Un ``kill -9`` a la construcción no deja vivo un Lienzo que ignora su señal y espera."""
    construccion = subprocess.Popen(
        [sys.executable, "-c", COLGADO, str(_lienzo(tmp_path, ESPERA)), bifurcado],
        stdout=subprocess.PIPE,
        cwd=RAIZ,
        env={"PYTHONPATH": str(RAIZ), "PATH": "/usr/bin:/bin"},
    )
    assert construccion.stdout is not None
    lienzo = int(construccion.stdout.readline())
    vigia = os.pidfd_open(lienzo)
    try:
        construccion.kill()
        construccion.wait()
        listos, _, _ = select.select([vigia], [], [], 60)  # legible cuando termina
        if not listos:
            signal.pidfd_send_signal(vigia, signal.SIGKILL)  # que la prueba no lo deje vivo
        assert listos, "el proceso del Lienzo sigue vivo"
    finally:
        os.close(vigia)
