"""El Python de un Lienzo, en un proceso aparte que solo devuelve datos.

Un ``reglas.py`` lo escribe quien diseña un Lienzo y se ejecuta en la máquina de
quien construye el libro. Aquí no puede cambiar el veredicto: se importa en un
proceso propio (uno por Lienzo y por proceso, arrancado la primera vez que hace
falta), que contesta con JSON; la comparación con lo que afirma cada página se
hace en este proceso. Cada importación y cada llamada tienen un tiempo máximo:
un bucle sin fin, un ``os._exit`` o una excepción son un error con el fichero y
la línea del Lienzo, no un cuelgue ni una salida en silencio.
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapiz_rules import lienzo_bifurcado
from tapiz_rules._trabajador_lienzo import LARGO, Trabajo
from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.modelo import Campo, Regla, Resultado
from tapiz_rules.modelo.campos import NOMBRES_DE_TIPO, OBLIGATORIO
from tapiz_rules.modelo.formato import Formato

if TYPE_CHECKING:
    import subprocess

    Proceso = subprocess.Popen[bytes] | lienzo_bifurcado.Bifurcado

LIMITE_POR_DEFECTO = 5.0
"""Segundos que puede tardar la importación de un ``reglas.py`` o una llamada a una regla."""
MARGEN = 2.0
"""Segundos de más tras los que se mata el proceso si el código del Lienzo ignora su señal."""
_TIPOS = {nombre: tipo for tipo, nombre in NOMBRES_DE_TIPO.items()}
_RAIZ = str(Path(__file__).resolve().parent.parent)


class ErrorDelLienzo(ErrorTapiz):
    """El código del Lienzo falló, tardó demasiado o terminó su proceso."""

    def __init__(self, mensaje: str, fichero: str = "", linea: int = 0) -> None:
        super().__init__(mensaje)
        self.fichero = fichero
        self.linea = linea


class _Caido(Exception):
    """El proceso del Lienzo ya no contesta: terminó o se le acabó el tiempo."""


@dataclass
class Trabajador:
    """El proceso de un Lienzo: ``ruta`` es como se nombra su ``reglas.py`` en los mensajes."""

    fichero: Path
    ruta: str
    lienzo: str
    limite: float = LIMITE_POR_DEFECTO
    _proceso: Proceso | None = None
    _pid: int = 0
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
        reglas = respuesta.get("reglas")
        if not isinstance(reglas, list) or not reglas:
            raise ErrorDelLienzo(f"{self.ruta}: REGLAS está vacía", self.ruta, 1)
        return reglas

    def calcular(self, regla: str, parametros: Any, entradas: dict[str, Any]) -> Resultado:
        peticion = {"orden": "calcular", "regla": regla, "parametros": parametros}
        donde = f"en la regla «{regla}»"
        respuesta = self._pedir(peticion | {"entradas": entradas}, donde)
        self._sin_error(respuesta, donde)
        valores, pasos = respuesta.get("valores"), respuesta.get("pasos")
        if not isinstance(valores, dict) or not isinstance(pasos, list):
            raise ErrorDelLienzo(f"{self.ruta}: la regla «{regla}» no devolvió un Resultado")
        return Resultado(valores, tuple(str(p) for p in pasos))

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
        fichero = str(respuesta.get("fichero") or "")
        linea = respuesta.get("linea")
        linea = linea if isinstance(linea, int) else 0
        if fichero and Path(fichero).resolve() == self.fichero:
            return self.ruta, linea
        return fichero or self.ruta, linea

    def _pedir(self, peticion: dict[str, Any], donde: str) -> dict[str, Any]:
        with self._cerrojo:
            if peticion["orden"] != "cargar":
                self._arrancado()
            else:
                self._arrancar()
            try:
                assert self._proceso is not None
                self._enviar(self._proceso, pickle.dumps(peticion | {"limite": self.limite}))
                self._reservar()  # mientras el Lienzo contesta
                return self._recibir()
            except _Caido as caida:
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
                self._recibir()  # lo que contestó al importarlo
                return
            except _Caido:
                self.cerrar()
        self._arrancar()
        self._intercambiar(self._peticion_de_cargar())

    def _reservar(self) -> None:
        """El de reserva, si se pide y aún no lo hay (véase ``_reserva``)."""
        if self._reserva is None and lienzo_bifurcado.se_puede() and lienzo_bifurcado.con_reserva():
            self._reserva = lienzo_bifurcado.Bifurcado(self.fichero.parent)
            self._enviar(self._reserva, self._peticion_de_cargar())

    def _peticion_de_cargar(self) -> bytes:
        peticion = {"orden": "cargar", "fichero": str(self.fichero), "limite": self.limite}
        return pickle.dumps(peticion)

    def _arrancar(self) -> None:
        import subprocess

        if self._proceso is not None and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        if lienzo_bifurcado.se_puede():
            self._proceso = lienzo_bifurcado.Bifurcado(self.fichero.parent)
            _VIVOS.append(self)
            return
        entorno = dict(os.environ)
        entorno["PYTHONPATH"] = os.pathsep.join(
            filter(None, (_RAIZ, entorno.get("PYTHONPATH", "")))
        )
        self._proceso = subprocess.Popen(
            # -B: importar el reglas.py no deja un __pycache__ en las páginas (MkDocs lo
            # publicaría con el sitio).
            [sys.executable, "-B", "-m", "tapiz_rules._trabajador_lienzo"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=self.fichero.parent,
            env=entorno,
        )
        _VIVOS.append(self)

    def _intercambiar(self, peticion: bytes) -> dict[str, Any]:
        assert self._proceso is not None
        self._enviar(self._proceso, peticion)
        return self._recibir()

    @staticmethod
    def _enviar(proceso: Proceso, peticion: bytes) -> None:
        assert proceso.stdin is not None
        try:
            proceso.stdin.write(len(peticion).to_bytes(LARGO, "big") + peticion)
            proceso.stdin.flush()
        except OSError:
            raise _Caido(_como_termino(proceso)) from None

    def _recibir(self) -> dict[str, Any]:
        proceso = self._proceso
        assert proceso is not None and proceso.stdout is not None
        salida = proceso.stdout.fileno()
        cabecera = _leer(salida, LARGO, self.limite + MARGEN, proceso)
        contenido = _leer(salida, int.from_bytes(cabecera, "big"), self.limite + MARGEN, proceso)
        try:
            respuesta = json.loads(contenido.decode("utf-8"))
        except ValueError:
            raise _Caido("contestó algo que no es JSON") from None
        if not isinstance(respuesta, dict):
            raise _Caido("contestó algo que no es un mapa")
        return respuesta

    def cerrar(self) -> None:
        procesos = [self._proceso, self._reserva if self._pid == os.getpid() else None]
        self._proceso = self._reserva = None
        for proceso in procesos:
            if proceso is not None and self._pid == os.getpid():
                proceso.kill()
                proceso.wait()
                for tubo in (proceso.stdin, proceso.stdout):
                    if tubo is not None:
                        tubo.close()


def _leer(fd: int, cuantos: int, limite: float, proceso: Proceso) -> bytes:
    import select

    trozos: list[bytes] = []
    pendientes = cuantos
    while pendientes:
        listos, _, _ = select.select([fd], [], [], limite)
        if not listos:
            raise _Caido(f"no terminó en {_segundos(limite - MARGEN)}")
        trozo = os.read(fd, min(pendientes, 1 << 20))
        if not trozo:
            raise _Caido(_como_termino(proceso))
        trozos.append(trozo)
        pendientes -= len(trozo)
    return b"".join(trozos)


def _segundos(limite: float) -> str:
    return f"{limite:g} s".replace(".", ",")


def _como_termino(proceso: Proceso) -> str:
    import subprocess

    try:
        codigo = proceso.wait(timeout=1)
    except subprocess.TimeoutExpired:
        return "cerró su salida"
    return f"terminó su proceso (código {codigo})"


_VIVOS: list[Trabajador] = []


@atexit.register
def _cerrar_todos() -> None:
    for trabajador in _VIVOS:
        trabajador.cerrar()


def _campo(datos: Any) -> Campo:
    if not isinstance(datos, dict) or datos.get("tipo") not in _TIPOS:
        raise ErrorTapiz(f"un campo mal descrito: {datos!r:.80}")
    unidad = datos.get("unidad")
    opciones = datos.get("opciones")
    return Campo(
        nombre=str(datos["nombre"]),
        tipo=_TIPOS[datos["tipo"]],
        etiqueta=str(datos["etiqueta"]),
        ayuda=str(datos.get("ayuda") or ""),
        unidad=tuple(unidad) if isinstance(unidad, list) else unidad,
        formato=Formato(datos["formato"]) if datos.get("formato") else None,
        opciones=tuple(tuple(o) for o in opciones) if opciones is not None else None,
        por_defecto=datos.get("por_defecto", OBLIGATORIO),
        admite_nulo=bool(datos.get("admite_nulo")),
        minimo=datos.get("minimo"),
        maximo=datos.get("maximo"),
        unidad_de=datos.get("unidad_de"),
        decisiva=bool(datos.get("decisiva")),
    )


def reglas_del_lienzo(trabajador: Trabajador) -> tuple[Regla, ...]:
    """Importa el ``reglas.py`` en su proceso y declara aquí sus reglas, que calculan allí."""
    reglas = []
    for datos in trabajador.cargar():
        try:
            nombre = str(datos["nombre"])
            regla = Regla(
                nombre=nombre,
                titulo=str(datos["titulo"]),
                seccion=str(datos["seccion"]),
                descripcion=str(datos["descripcion"]),
                entradas=tuple(_campo(c) for c in datos["entradas"]),
                salidas=tuple(_campo(c) for c in datos["salidas"]),
                calcular=_calculo(trabajador, nombre),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ErrorDelLienzo(f"{trabajador.ruta}: una regla mal descrita ({error})") from None
        reglas.append(regla)
    return tuple(reglas)


def _calculo(trabajador: Trabajador, nombre: str) -> Any:
    def calcular(parametros: Any, **entradas: Any) -> Resultado:
        return trabajador.calcular(nombre, parametros, entradas)

    return calcular


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
