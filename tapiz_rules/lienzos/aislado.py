"""El Python de un Lienzo, en un proceso aparte que solo devuelve datos.

Un ``reglas.py`` lo escribe quien diseña un Lienzo y se ejecuta en la máquina de
quien construye el libro. Se importa en un proceso propio (uno por Lienzo y por
proceso, arrancado la primera vez que hace falta), en una sesión propia, sin más
descriptores que sus dos tubos, y encerrado antes de importarlo
(:mod:`tapiz_rules.lienzos.encierro`). Contesta con JSON que se acepta solo con la
forma de la respuesta esperada (:mod:`tapiz_rules.lienzos.tramas`); la comparación
con lo que afirma cada página se hace en este proceso, con las salidas del tipo que
declara cada regla. Cada importación y cada llamada tienen un tiempo máximo: un
bucle sin fin, un ``os._exit``, una señal, un límite o una excepción son un error
con el fichero (y la línea, si se sabe) del Lienzo, no un cuelgue ni una salida en
silencio. Al cerrar se mata su grupo de procesos entero.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import signal
import sys
import threading
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.lienzos import bifurcado as lienzo_bifurcado
from tapiz_rules.lienzos import tramas as lienzo_tramas
from tapiz_rules.lienzos.trabajador import TOPE_SALIDA, Trabajo
from tapiz_rules.lienzos.tramas import LARGO, Caido
from tapiz_rules.modelo import Regla, Resultado

if TYPE_CHECKING:
    import subprocess

    Proceso = subprocess.Popen[bytes] | lienzo_bifurcado.Bifurcado

LIMITE_POR_DEFECTO = 5.0
"""Segundos que puede tardar la importación de un ``reglas.py`` o una llamada a una regla."""
MARGEN = 2.0
"""Segundos de más tras los que se mata el proceso si el código del Lienzo ignora su señal."""
_DE_RESERVA = 0
"""El número de la petición con que se adelanta la carga del proceso de reserva."""
_RAIZ = str(Path(__file__).resolve().parents[2])


class ErrorDelLienzo(ErrorTapiz):
    """El código del Lienzo falló, tardó demasiado o terminó su proceso."""

    def __init__(self, mensaje: str, fichero: str = "", linea: int = 0) -> None:
        super().__init__(mensaje)
        self.fichero = fichero
        self.linea = linea


@dataclass(eq=False)
class Trabajador:
    """El proceso de un Lienzo: ``ruta`` es como se nombra su ``reglas.py`` en los mensajes."""

    fichero: Path
    ruta: str
    lienzo: str
    limite: float = LIMITE_POR_DEFECTO
    _proceso: Proceso | None = None
    _pid: int = 0
    _numero: int = 0
    lineas: dict[str, int] = field(default_factory=dict)
    """La línea de ``reglas.py`` donde se declara cada regla."""
    _reserva: Proceso | None = None
    """Otro proceso ya importando el Lienzo, para el proceso que se bifurque de este
    (``lienzo_bifurcado.permitido(reserva=True)``)."""
    _cerrojo: threading.Lock = field(default_factory=threading.Lock)

    def cargar(self) -> list[dict[str, Any]]:
        respuesta = self._pedir({"orden": "cargar", "fichero": str(self.fichero)}, "al importarlo")
        if respuesta.get("error") == "sin_reglas":
            raise ErrorDelLienzo(
                f"«{self.fichero.name}» debe definir REGLAS, una tupla de reglas declaradas "
                "con @regla"
            )
        self._sin_error(respuesta, "al importarlo")
        reglas: list[dict[str, Any]] = respuesta["reglas"]
        if not reglas:
            raise ErrorDelLienzo(f"{self.ruta}: REGLAS está vacía", self.ruta, 1)
        self.lineas = {r["nombre"]: r.get("linea") or 0 for r in reglas}
        return reglas

    def calcular(self, regla: str, parametros: Any, entradas: dict[str, Any]) -> Resultado:
        peticion = {"orden": "calcular", "regla": regla, "parametros": parametros}
        donde = f"en la regla «{regla}»"
        respuesta = self._pedir(peticion | {"entradas": entradas}, donde)
        self._sin_error(respuesta, donde)
        return Resultado(respuesta["valores"], tuple(respuesta["pasos"]))

    def _sin_error(self, respuesta: dict[str, Any], donde: str) -> None:
        tipo = respuesta.get("error")
        if tipo is None:
            return
        mensaje = str(respuesta.get("mensaje", ""))
        if tipo == "entrada":
            raise ErrorEntrada(mensaje, str(respuesta.get("campo") or ""))
        if tipo == "tapiz":
            raise ErrorTapiz(f"{self.ruta}: {mensaje}")
        fichero, linea = self._lugar(respuesta)
        que = {
            "salida": "intentó terminar el proceso",
            "tiempo": f"no terminó en {_segundos(self.limite)}",
        }.get(str(tipo), "falló")
        if tipo == "tiempo":
            raise ErrorDelLienzo(
                f"{fichero}:{linea}: el código del Lienzo «{self.lienzo}» {que} {donde}",
                fichero,
                linea,
            )
        raise ErrorDelLienzo(
            f"{fichero}:{linea}: el código del Lienzo «{self.lienzo}» {que} {donde}: "
            f"{respuesta.get('tipo')}: {mensaje}",
            fichero,
            linea,
        )

    def _lugar(self, respuesta: dict[str, Any]) -> tuple[str, int]:
        """El fichero del fallo como se nombra en los mensajes: un módulo de la carpeta del
        Lienzo, junto a ``ruta`` (``docs/ayuda.py``), no con su ruta absoluta."""
        fichero = str(respuesta.get("fichero") or "")
        linea = respuesta.get("linea")
        linea = linea if isinstance(linea, int) else 0
        real = Path(os.path.realpath(fichero.replace("\0", ""))) if fichero else None
        if real is not None and real.is_relative_to(self.fichero.parent):
            relativo = real.relative_to(self.fichero.parent)
            return (Path(self.ruta).parent / relativo).as_posix(), linea
        return fichero or self.ruta, linea

    def _pedir(self, peticion: dict[str, Any], donde: str) -> dict[str, Any]:
        with self._cerrojo:
            if peticion["orden"] != "cargar":
                self._arrancado()
            else:
                self._arrancar()
            try:
                assert self._proceso is not None
                self._numero += 1
                numerada = peticion | {"limite": self.limite, "n": self._numero}
                self._enviar(self._proceso, pickle.dumps(numerada))
                self._reservar()  # mientras el Lienzo contesta
                return self._recibir(peticion["orden"])
            except Caido as caida:
                self.cerrar()
                raise ErrorDelLienzo(
                    f"{self.ruta}: el código del Lienzo «{self.lienzo}» {caida} {donde}",
                    self.ruta,
                    0,
                ) from None

    def _arrancado(self) -> None:
        """Tras un fallo (o en un proceso bifurcado) se arranca otro y se vuelve a importar; en
        el bifurcado, si lo hay, se queda el de reserva, que ya lo importó."""
        if self._proceso is not None and self._pid == os.getpid():
            return
        if self._reserva is not None and self._pid != os.getpid():
            self._proceso, self._reserva, self._pid = self._reserva, None, os.getpid()
            try:
                self._recibir("cargar", _DE_RESERVA)  # lo que contestó al importarlo
                return
            except Caido:
                self.cerrar()
        self._arrancar()
        self._intercambiar(self._peticion_de_cargar())

    def _reservar(self) -> None:
        """El de reserva, si se pide y aún no lo hay (véase ``_reserva``)."""
        if self._reserva is None and lienzo_bifurcado.se_puede() and lienzo_bifurcado.con_reserva():
            self._reserva = lienzo_bifurcado.Bifurcado(self.fichero.parent)
            self._enviar(self._reserva, self._peticion_de_cargar(_DE_RESERVA))

    def _peticion_de_cargar(self, numero: int | None = None) -> bytes:
        if numero is None:
            self._numero += 1
        peticion = {"orden": "cargar", "fichero": str(self.fichero), "limite": self.limite}
        return pickle.dumps(peticion | {"n": self._numero if numero is None else numero})

    def _arrancar(self) -> None:
        import subprocess

        if self._proceso is not None and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        if lienzo_bifurcado.se_puede():
            self._proceso = lienzo_bifurcado.Bifurcado(self.fichero.parent)
            self._vigilar(self._proceso)
            return
        from tapiz_rules.lienzos.encierro import ENTORNO  # aquí: usa lo que Pyodide no tiene

        entorno = {clave: valor for clave, valor in os.environ.items() if clave in ENTORNO}
        entorno["PYTHONPATH"] = os.pathsep.join(
            filter(None, (_RAIZ, entorno.get("PYTHONPATH", "")))
        )
        self._proceso = subprocess.Popen(
            # -B: importar el reglas.py no deja un __pycache__ en las páginas (MkDocs lo
            # publicaría con el sitio). -P: la carpeta del Lienzo (cwd) no entra en
            # sys.path, así un json.py suyo no se importa antes de encerrarse.
            [sys.executable, "-B", "-P", "-m", "tapiz_rules.lienzos.trabajador"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=True,
            cwd=self.fichero.parent,
            env=entorno,
        )
        self._vigilar(self._proceso)

    def _vigilar(self, proceso: Proceso) -> None:
        """Su proceso muere con él: al salir, o cuando nadie lo usa ya (cada reconstrucción de
        ``mkdocs serve`` lee las reglas otra vez, con otros ``Trabajador``)."""
        _VIVOS.add(self)
        weakref.finalize(self, _matar_si_sigue, proceso, os.getpid())

    def _intercambiar(self, peticion: bytes) -> dict[str, Any]:
        assert self._proceso is not None
        self._enviar(self._proceso, peticion)
        return self._recibir("cargar")

    def _enviar(self, proceso: Proceso, peticion: bytes) -> None:
        assert proceso.stdin is not None
        try:
            proceso.stdin.write(len(peticion).to_bytes(LARGO, "big") + peticion)
            proceso.stdin.flush()
        except OSError:
            raise Caido(self._como_termino(proceso)) from None

    def _recibir(self, orden: str, numero: int | None = None) -> dict[str, Any]:
        proceso = self._proceso
        assert proceso is not None and proceso.stdout is not None
        try:
            contenido = lienzo_tramas.leer(
                proceso.stdout.fileno(), self.limite + MARGEN, lambda: self._como_termino(proceso)
            )
        except Caido as caida:
            if str(caida) == "no contestó a tiempo":
                raise Caido(f"no terminó en {_segundos(self.limite)}") from None
            raise
        numero = self._numero if numero is None else numero
        respuesta = lienzo_tramas.respuesta(contenido, orden, numero)
        self._mostrar_salida(respuesta)
        return respuesta

    def _mostrar_salida(self, respuesta: dict[str, Any]) -> None:
        """Lo que imprimió el Lienzo, a la salida de errores; si era mucho, con una nota."""
        if texto := respuesta.get("salida"):
            sys.stderr.write(texto if texto.endswith("\n") else texto + "\n")
        if cortada := respuesta.get("cortada"):
            sys.stderr.write(
                f"{self.ruta}: el Lienzo «{self.lienzo}» imprimió {_miles(cortada)} caracteres "
                f"más, que no se muestran (se muestran los primeros {_miles(TOPE_SALIDA)})\n"
            )

    def _como_termino(self, proceso: Proceso) -> str:
        import subprocess

        try:
            codigo = proceso.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "cerró su salida"
        if codigo >= 0:
            return f"terminó su proceso (código {codigo})"
        try:
            senal = signal.Signals(-codigo).name
        except ValueError:
            senal = str(-codigo)
        from tapiz_rules.lienzos.encierro import CPU_POR_LIMITE

        cpu = _segundos(CPU_POR_LIMITE * self.limite)
        motivo = {
            "SIGXCPU": f" (se le acabó el tiempo de CPU: {cpu} para todo el proceso)",
            "SIGKILL": f" (el sistema lo mató: quizá agotó el tiempo de CPU, {cpu})",
            "SIGXFSZ": " (intentó escribir un fichero)",
            "SIGSEGV": " (un fallo de memoria: quizá agotó la que tiene permitida)",
        }.get(senal, "")
        return f"terminó por la señal {senal}{motivo}"

    def cerrar(self) -> None:
        procesos = [self._proceso, self._reserva if self._pid == os.getpid() else None]
        self._proceso = self._reserva = None
        for proceso in procesos:
            if proceso is not None and self._pid == os.getpid():
                _matar(proceso)
                for tubo in (proceso.stdin, proceso.stdout):
                    if tubo is not None:
                        tubo.close()


def _matar(proceso: Proceso) -> None:
    """Mata su grupo de procesos entero (el proceso abrió su propia sesión) y lo recoge."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proceso.pid, signal.SIGKILL)
    proceso.kill()  # por si aún no había abierto su sesión
    proceso.wait()


def _segundos(limite: float) -> str:
    return f"{limite:g} s".replace(".", ",")


def _miles(cantidad: int) -> str:
    return f"{cantidad:,}".replace(",", ".")


def _matar_si_sigue(proceso: Proceso, pid: int) -> None:
    """Sin ``returncode`` aún no se ha recogido: su número de grupo sigue siendo suyo."""
    if os.getpid() == pid and proceso.returncode is None:
        _matar(proceso)
        for tubo in (proceso.stdin, proceso.stdout):
            if tubo is not None:
                tubo.close()


_VIVOS: weakref.WeakSet[Trabajador] = weakref.WeakSet()


@atexit.register
def _cerrar_todos() -> None:
    for trabajador in list(_VIVOS):
        trabajador.cerrar()


def reglas_en_este_proceso(fichero: Path, ruta: str) -> tuple[Regla, ...]:
    """En la página del lector, donde Pyodide no tiene procesos: aquí nada separa el código del
    Lienzo del intérprete que lo importa. Lo que lo separa de la página y de las reglas del libro
    es dónde corre ese intérprete: el motor propio del Lienzo, un Worker en un marco aislado sin
    red (``tapiz/caja.js``; ARQUITECTURA.md, «El código de un Lienzo en la página del lector»)."""
    trabajo = Trabajo()
    respuesta = trabajo.cargar(str(fichero))
    if "error" in respuesta:
        raise ErrorDelLienzo(f"{ruta}: no se pudo importar ({respuesta.get('mensaje', '')})")
    return tuple(trabajo.reglas.values())
