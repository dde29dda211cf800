"""Banco de pruebas de los dados: probabilidades exactas de Tapiz frente a icepool.

Se ejecuta a demanda (``uv run python bench/bench_dados.py``) y no afirma nada:
imprime tiempos y razones medidos en la misma ejecución, porque la máquina es
compartida y ruidosa.

- en caliente: el mismo proceso, el cálculo repetido (el mínimo); la caché de
  ``distribucion`` se vacía antes de cada repetición, pero icepool conserva sus
  cachés internas (``100 @ icepool.d6`` recuerda sus sumas en el dado: con un dado
  recién hecho tarda cien veces más); «con caché», Tapiz también conserva la suya, como
  le pasaría a un usuario que repite un cálculo;
- en frío: cada cálculo en un ``python -c`` nuevo, con el arranque del
  intérprete y las importaciones incluidos (mediana de varias ejecuciones, Tapiz e icepool
  alternados); tiempo de pared y CPU del proceso (la CPU apenas depende de la carga de la
  máquina compartida; la pared, mucho).

Los dos motores dan sus resultados exactos como pesos enteros sobre un denominador (Tapiz,
``pesos`` y ``peso_al_menos``; icepool, ``quantities``, ``quantity`` y ``denominator``), y
``exacto`` los lleva a fracciones para compararlos. Una columna más mide en frío lo mismo
pidiendo a cada proceso las fracciones (``import fractions`` incluido).
"""

from __future__ import annotations

import argparse
import inspect
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from entorno import con_bytecode

RAIZ = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Tarea:
    nombre: str
    tapiz: str
    icepool: str


def exacto(resultado: object) -> object:
    """Los pesos enteros de un resultado, como fracciones: ``(peso, denominador)`` es una
    probabilidad; ``([(total, peso), …], denominador)``, una distribución; una lista, varios."""
    if isinstance(resultado, list):
        return [exacto(parte) for parte in resultado]
    assert isinstance(resultado, tuple)
    pesos, denominador = resultado
    if isinstance(pesos, int):
        return Fraction(pesos, denominador)
    return [(total, Fraction(peso, denominador)) for total, peso in pesos]


FRACCIONES = (
    "from fractions import Fraction\n"
    + inspect.getsource(exacto)
    + "resultado = exacto(resultado)\n"
)
"""Lo que se añade a cada proceso en frío de la columna «en Fraction»."""

_TABLA_ICEPOOL = (
    "def tabla(d):\n"
    "    return [(o, q) for o, q in zip(d.outcomes(), d.quantities()) if q], d.denominator()\n"
)


def _expresion(nombre: str, icepool: str) -> Tarea:
    return Tarea(
        nombre,
        "from tapiz_rules.dados import distribucion\n"
        f"d = distribucion({nombre!r})\nresultado = d.pesos(), d.denominador\n",
        f"import icepool\n{_TABLA_ICEPOOL}resultado = tabla({icepool})\n",
    )


def _tabla_accion() -> Tarea:
    """Probabilidades de fallo y de cada grado: niveles 0-10, mod -5..+15, resistencia 5..30."""
    from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

    p = ParametrosTapiz()
    puntos = [g.puntos for g in p.grados]
    expresiones = [
        p.dado_base + (f"+{e}" if (e := p.expresion_dados_atributo(n)) else "")
        for n in range(len(p.dados_atributo))
    ]
    escalera = [d or (0, 0) for d in p.dados_atributo]
    bucle = (
        "    for mod in range(-5, 16):\n"
        "        for res in range(5, 31):\n"
        "            falta = res - mod\n"
        "            resultado.append([{fallo}] + [{grado} for p in {puntos!r}])\n"
    )
    tapiz = (
        "from tapiz_rules.dados import distribucion\n"
        "resultado = []\n"
        f"for expresion in {expresiones!r}:\n"
        "    d = distribucion(expresion)\n"
        "    den = d.denominador\n"
        + bucle.format(
            fallo="(den - d.peso_al_menos(falta)[0], den)",
            grado="d.peso_al_menos(falta + p)",
            puntos=puntos,
        )
    )
    icepool = (
        "import icepool\n"
        "resultado = []\n"
        f"for n, x in {escalera!r}:\n"
        "    d = icepool.d20 + (n @ icepool.d(x).explode(depth=10) if n else 0)\n"
        "    den = d.denominator()\n"
        + bucle.format(
            fallo="(d.quantity('<', falta), den)",
            grado="(d.quantity('>=', falta + p), den)",
            puntos=puntos,
        )
    )
    return Tarea("tabla de la tirada de acción", tapiz, icepool)


def _bandas_ratas() -> Tarea:
    """Ratas en las paredes: 2d6 + modificador (−4 … +4) en sus bandas 7- / 8-9 / 10-11 / 12+."""
    bucle = (
        "for mod in range(-4, 5):\n"
        "    resultado.append([{p}(8 - mod), {p}(10 - mod), {p}(12 - mod)])\n"
    )
    tapiz = (
        "from tapiz_rules.dados import distribucion\nresultado = []\nd = distribucion('2d6')\n"
        + bucle.format(p="d.peso_al_menos")
    )
    icepool = (
        "import icepool\nresultado = []\nd = 2 @ icepool.d6\n"
        "def p(x):\n    return d.quantity('>=', x), d.denominator()\n" + bucle.format(p="p")
    )
    return Tarea("Ratas: 2d6 ± mod en bandas", tapiz, icepool)


def _escalera_atributos() -> Tarea:
    """Los dados de atributo de los diez niveles de Tapiz (nd x que explotan)."""
    from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

    escalera = [d for d in ParametrosTapiz().dados_atributo if d]
    tapiz = (
        "from tapiz_rules.dados import distribucion\n"
        "def tabla(d):\n"
        "    return d.pesos(), d.denominador\n"
        f"resultado = [tabla(distribucion(f'{{n}}d{{x}}!')) for n, x in {escalera!r}]\n"
    )
    icepool = (
        f"import icepool\n{_TABLA_ICEPOOL}"
        f"resultado = [tabla(n @ icepool.d(x).explode(depth=10)) for n, x in {escalera!r}]\n"
    )
    return Tarea("dados de atributo, 10 niveles", tapiz, icepool)


def _rejilla_hoja() -> Tarea:
    """La hoja de personaje: éxito de 7 atributos (niveles 1-7) contra 10 resistencias."""
    from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

    escalera = ParametrosTapiz().dados_atributo[1:8]
    resistencias = list(range(8, 35, 3))[:10]
    tapiz = (
        "from tapiz_rules.dados import distribucion\nresultado = []\n"
        f"for n, x in {escalera!r}:\n"
        "    d = distribucion(f'1d20+{n}d{x}!')\n"
        f"    resultado.append([d.peso_al_menos(r) for r in {resistencias!r}])\n"
    )
    icepool = (
        "import icepool\nresultado = []\n"
        f"for n, x in {escalera!r}:\n"
        "    d = icepool.d20 + n @ icepool.d(x).explode(depth=10)\n"
        "    den = d.denominator()\n"
        f"    resultado.append([(d.quantity('>=', r), den) for r in {resistencias!r}])\n"
    )
    return Tarea("hoja: rejilla 7×10", tapiz, icepool)


def _enfrentada() -> Tarea:
    """Una tirada enfrentada: P(1d20+5 ≥ 1d20+3), con el álgebra de distribuciones."""
    tapiz = (
        "from tapiz_rules.dados import Distribucion\n"
        "d20 = Distribucion.dado(20)\nresultado = (d20 + 5).peso_al_menos(d20 + 3)\n"
    )
    icepool = (
        "import icepool\nd = icepool.d20 + 5 >= icepool.d20 + 3\n"
        "resultado = d.quantity(True), d.denominator()\n"
    )
    return Tarea("enfrentada 1d20+5 ≥ 1d20+3", tapiz, icepool)


def tareas() -> list[Tarea]:
    return [
        _expresion("20d20", "20 @ icepool.d20"),
        _expresion("10d6!", "10 @ icepool.d6.explode(depth=10)"),
        _expresion("4d6kh3", "icepool.Pool([icepool.d6] * 4).highest(3).sum()"),
        _expresion("8d6kh3", "icepool.Pool([icepool.d6] * 8).highest(3).sum()"),
        _expresion("2d10!+1d20", "2 @ icepool.d10.explode(depth=10) + icepool.d20"),
        _expresion("100d6", "100 @ icepool.d6"),
        _expresion("3d6!kh2", "icepool.Pool([icepool.d6.explode(depth=10)] * 3).highest(2).sum()"),
        _expresion("3d6", "3 @ icepool.d6"),
        _expresion("2d20kh1", "icepool.Pool([icepool.d20] * 2).highest(1).sum()"),
        _expresion("1d20+1d6!", "icepool.d20 + icepool.d6.explode(depth=10)"),
        _bandas_ratas(),
        _escalera_atributos(),
        _enfrentada(),
        _rejilla_hoja(),
        _tabla_accion(),
    ]


def en_caliente(codigo: str, repeticiones: int, vaciar: bool = True) -> tuple[float, object]:
    """El mínimo de ``repeticiones`` ejecuciones tras una de calentamiento (importaciones): en
    una máquina compartida, la mediana recoge las esperas por otros procesos; el mínimo, el
    coste del cálculo."""
    from tapiz_rules.dados.probabilidad import vaciar_caches

    compilado = compile(codigo, "<tarea>", "exec")
    espacio: dict[str, object] = {}
    exec(compilado, espacio)
    tiempos = []
    for _ in range(repeticiones):
        if vaciar:
            vaciar_caches()
        inicio = time.perf_counter()
        exec(compilado, espacio)
        tiempos.append(time.perf_counter() - inicio)
    return min(tiempos), espacio["resultado"]


MEMORIA = (
    "\nfor linea in open('/proc/self/status'):\n"
    "    if linea.startswith('VmHWM:'):\n"
    "        print(linea.split()[1])\n"
)
"""Al final de cada proceso en frío: su memoria máxima (KiB). No ``ru_maxrss``: Linux le suma
la del proceso que lo lanzó (la conserva al hacer ``exec``)."""


ENTORNO = con_bytecode()
"""Los procesos en frío escriben y leen sus ``.pyc``, como los de quien usa el motor (sin
ellos, cada arranque compila de nuevo cada módulo: a icepool le cuesta cinco veces más)."""


@dataclass
class Frio:
    """Medianas de varios procesos nuevos: tiempo de pared, CPU (usuario + sistema) y memoria
    máxima (KiB)."""

    pared: float
    cpu: float
    memoria: int


def _proceso(codigo: str) -> tuple[float, float, int]:
    """Pared, CPU del hijo (``wait4``: solo ese proceso) y su memoria máxima."""
    inicio = time.perf_counter()
    proceso = subprocess.Popen(
        [sys.executable, "-c", codigo + MEMORIA], cwd=RAIZ, env=ENTORNO, stdout=subprocess.PIPE
    )
    assert proceso.stdout is not None
    salida = proceso.stdout.read()
    _, estado, uso = os.wait4(proceso.pid, 0)
    pared = time.perf_counter() - inicio
    proceso.returncode = os.waitstatus_to_exitcode(estado)
    proceso.stdout.close()
    if proceso.returncode:
        raise SystemExit(f"falló el proceso en frío:\n{codigo}")
    return pared, uso.ru_utime + uso.ru_stime, int(salida.split()[-1])


def en_frio(codigos: list[str], repeticiones: int) -> list[Frio]:
    """Cada código en ``repeticiones`` intérpretes nuevos, alternando los códigos en cada
    vuelta (la carga de la máquina cae por igual sobre todos); antes, una vuelta que no
    cuenta deja escritos los ``.pyc``."""
    for codigo in codigos:
        _proceso(codigo)
    medidas: list[list[tuple[float, float, int]]] = [[] for _ in codigos]
    for _ in range(repeticiones):
        for codigo, lista in zip(codigos, medidas, strict=True):
            lista.append(_proceso(codigo))
    return [
        Frio(
            statistics.median(m[0] for m in lista),
            statistics.median(m[1] for m in lista),
            max(m[2] for m in lista),
        )
        for lista in medidas
    ]


def maquina() -> str:
    modelo = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for linea in cpuinfo.read_text().splitlines():
            if linea.startswith("model name"):
                modelo = linea.split(":", 1)[1].strip()
                break
    import icepool

    carga = ", ".join(f"{c:.2f}" for c in os.getloadavg())
    return (
        f"Máquina: {modelo}, {os.cpu_count()} núcleos, {platform.system()} {platform.release()}\n"
        f"Python {platform.python_version()}, icepool {icepool.__version__}; carga media {carga}"
    )


def _ms(segundos: float) -> str:
    return f"{segundos * 1000:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".") + " ms"


def _razon(ajeno: float, propio: float) -> str:
    return f"{ajeno / propio:.2f}".replace(".", ",")


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--repeticiones", type=int, default=7, help="en caliente")
    argumentos.add_argument("--frio", type=int, default=5, help="procesos nuevos por tarea")
    opciones = argumentos.parse_args()

    print(maquina())
    nombres = ["intérprete vacío", "import fractions", "import tapiz_rules.dados", "import icepool"]
    codigos = ["pass", "import fractions", "import tapiz_rules.dados", "import icepool"]
    arranques = dict(zip(nombres, en_frio(codigos, opciones.frio), strict=True))
    print(
        "Arranque en frío (pared / CPU): "
        + "; ".join(f"{n} {_ms(f.pared)} / {_ms(f.cpu)}" for n, f in arranques.items())
    )
    techo = arranques["import icepool"].cpu / arranques["import fractions"].cpu
    print(
        "Techo de la razón en frío (CPU) pidiendo Fraction: import icepool / import "
        f"fractions = {_razon(techo, 1)}"
    )
    print()
    print(
        "| cálculo | Tapiz cal. | icepool cal. | razón | Tapiz cal. con caché | razón"
        " | Tapiz frío | icepool frío | razón"
        " | Tapiz frío CPU | icepool frío CPU | razón | razón CPU en Fraction"
        " | MiB Tapiz | MiB icepool | iguales |"
    )
    print("|---|" + "---:|" * 15 + ":-:|")
    for tarea in tareas():
        propio, resultado_propio = en_caliente(tarea.tapiz, opciones.repeticiones)
        con_cache, _ = en_caliente(tarea.tapiz, opciones.repeticiones, vaciar=False)
        ajeno, resultado_ajeno = en_caliente(tarea.icepool, opciones.repeticiones)
        frio_propio, frio_ajeno, fraccion_propio, fraccion_ajeno = en_frio(
            [tarea.tapiz, tarea.icepool, tarea.tapiz + FRACCIONES, tarea.icepool + FRACCIONES],
            opciones.frio,
        )
        iguales = "sí" if exacto(resultado_propio) == exacto(resultado_ajeno) else "**NO**"
        columnas = [
            tarea.nombre,
            _ms(propio),
            _ms(ajeno),
            _razon(ajeno, propio),
            _ms(con_cache),
            _razon(ajeno, con_cache),
            _ms(frio_propio.pared),
            _ms(frio_ajeno.pared),
            _razon(frio_ajeno.pared, frio_propio.pared),
            _ms(frio_propio.cpu),
            _ms(frio_ajeno.cpu),
            _razon(frio_ajeno.cpu, frio_propio.cpu),
            _razon(fraccion_ajeno.cpu, fraccion_propio.cpu),
            f"{frio_propio.memoria / 1024:.1f}".replace(".", ","),
            f"{frio_ajeno.memoria / 1024:.1f}".replace(".", ","),
            iguales,
        ]
        print("| " + " | ".join(columnas) + " |", flush=True)
    print()
    print("razón = tiempo de icepool / tiempo de Tapiz (mayor que 1: Tapiz es más rápido).")
    print(
        "«iguales»: las probabilidades exactas de ambos coinciden (``exacto``: pesos enteros"
        " llevados a fracciones)."
    )


if __name__ == "__main__":
    main()
