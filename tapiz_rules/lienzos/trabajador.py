"""El proceso que ejecuta el Python de un Lienzo: ``python -m tapiz_rules.lienzos.trabajador``.

Recibe peticiones del proceso que comprueba el libro (tramas ``pickle``: quien
comprueba es de fiar) y contesta con datos simples en JSON (el proceso que
comprueba nunca deshace un ``pickle`` de aquí; véase :mod:`tapiz_rules.lienzos.tramas`).
Antes de importar el Lienzo se encierra (:mod:`tapiz_rules.lienzos.encierro`). Lo que
imprima el Lienzo viaja con cada respuesta, hasta :data:`TOPE_SALIDA` caracteres; sus
descriptores 1 y 2 van a ``/dev/null``.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import sys
import traceback
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from tapiz_rules.errores import ErrorEntrada, ErrorTapiz
from tapiz_rules.lienzos.tramas import LARGO
from tapiz_rules.modelo import Campo, Regla
from tapiz_rules.modelo.campos import NOMBRES_DE_TIPO

TOPE_SALIDA = 20_000
"""Caracteres de lo que imprime el Lienzo que acompañan a una respuesta; del resto, la cuenta."""


class SalidaProhibida(BaseException):
    """El código de un Lienzo intentó terminar el proceso."""


class TiempoAgotado(BaseException):
    """Una señal interrumpe el código del Lienzo a su tiempo, para saber en qué línea estaba.

    Si el código la ignora (o está dentro de C), el proceso que comprueba lo mata
    un momento después.
    """


def leer_trama(entrada: BinaryIO) -> bytes | None:
    cabecera = entrada.read(LARGO)
    if len(cabecera) < LARGO:
        return None
    return entrada.read(int.from_bytes(cabecera, "big"))


def escribir_trama(salida: BinaryIO, contenido: bytes) -> None:
    salida.write(len(contenido).to_bytes(LARGO, "big") + contenido)
    salida.flush()


def campo_en_datos(campo: Campo) -> dict[str, Any]:
    datos: dict[str, Any] = {
        "nombre": campo.nombre,
        "tipo": NOMBRES_DE_TIPO[campo.tipo],
        "etiqueta": campo.etiqueta,
        "ayuda": campo.ayuda,
        "unidad": campo.unidad,
        "formato": str(campo.formato) if campo.formato is not None else None,
        "opciones": [list(o) for o in campo.opciones] if campo.opciones is not None else None,
        "admite_nulo": campo.admite_nulo,
        "minimo": campo.minimo,
        "maximo": campo.maximo,
        "unidad_de": campo.unidad_de,
        "decisiva": campo.decisiva,
    }
    if not campo.obligatorio:
        datos["por_defecto"] = campo.por_defecto
    return datos


def regla_en_datos(regla: Regla) -> dict[str, Any]:
    return {
        "nombre": regla.nombre,
        "titulo": regla.titulo,
        "seccion": regla.seccion,
        "descripcion": regla.descripcion,
        "entradas": [campo_en_datos(c) for c in regla.entradas],
        "salidas": [campo_en_datos(c) for c in regla.salidas],
    }


class Salida:
    """``sys.stdout`` y ``sys.stderr`` del Lienzo: guarda lo impreso hasta :data:`TOPE_SALIDA`
    caracteres por respuesta y cuenta lo demás."""

    def __init__(self) -> None:
        self.guardado: list[str] = []
        self.largo = 0
        self.cortada = 0

    def write(self, texto: str) -> int:
        texto = str(texto)
        cabe = texto[: max(0, TOPE_SALIDA - self.largo)]
        self.guardado.append(cabe)
        self.largo += len(cabe)
        self.cortada += len(texto) - len(cabe)
        return len(texto)

    def flush(self) -> None:
        pass

    def vaciar(self) -> dict[str, Any]:
        vaciado = {"salida": "".join(self.guardado), "cortada": self.cortada}
        self.guardado, self.largo, self.cortada = [], 0, 0
        return {clave: valor for clave, valor in vaciado.items() if valor}


def _donde(error: BaseException, fichero: Path) -> tuple[str, int]:
    """El fichero y la línea del Lienzo donde ocurrió (si no, la más profunda): la más profunda
    de su carpeta, así un fallo en un módulo de ayuda señala ese módulo y no la línea de
    ``reglas.py`` que lo llamó. La de un error de sintaxis es la del fichero que no se pudo
    leer, no la de quien lo importaba."""
    if isinstance(error, SyntaxError) and error.filename:
        return error.filename, error.lineno or 0
    marcos = traceback.extract_tb(error.__traceback__)
    propios = [m for m in marcos if Path(m.filename).resolve().is_relative_to(fichero.parent)]
    if not (propios or marcos):
        return fichero.as_posix(), 0
    marco = (propios or marcos)[-1]
    return marco.filename, marco.lineno or 0


def _fallo(error: BaseException, fichero: Path) -> dict[str, Any]:
    if isinstance(error, ErrorEntrada):
        return {"error": "entrada", "mensaje": str(error), "campo": error.campo}
    if isinstance(error, ErrorTapiz):
        return {"error": "tapiz", "mensaje": str(error)}
    nombre, linea = _donde(error, fichero)
    tipo = (
        "salida"
        if isinstance(error, SalidaProhibida | SystemExit)
        else "tiempo"
        if isinstance(error, TiempoAgotado)
        else "excepcion"
    )
    return {
        "error": tipo,
        "tipo": type(error).__name__,
        "mensaje": error.msg if isinstance(error, SyntaxError) else str(error),
        "fichero": nombre,
        "linea": linea,
    }


class Trabajo:
    def __init__(self) -> None:
        self.fichero = Path()
        self.reglas: dict[str, Regla] = {}
        self.encerrado = False
        self.padre = os.getppid()

    def cargar(self, fichero: str) -> dict[str, Any]:
        import importlib.util

        self.fichero = Path(fichero).resolve()
        # Sus módulos de ayuda (``from ayuda import X``) están junto a él, en cualquier proceso.
        carpeta = str(self.fichero.parent)
        if carpeta not in sys.path:
            sys.path.insert(0, carpeta)
        spec = importlib.util.spec_from_file_location("tapiz_lienzo", self.fichero)
        if spec is None or spec.loader is None:
            return {"error": "tapiz", "mensaje": "no es un módulo de Python"}
        modulo = importlib.util.module_from_spec(spec)
        sys.modules["tapiz_lienzo"] = modulo
        spec.loader.exec_module(modulo)
        reglas = getattr(modulo, "REGLAS", None)
        if not isinstance(reglas, tuple | list) or not all(isinstance(r, Regla) for r in reglas):
            return {"error": "sin_reglas"}
        self.reglas = {r.nombre: r for r in reglas}
        return {"reglas": [regla_en_datos(r) | {"linea": _linea(r)} for r in reglas]}

    def calcular(self, nombre: str, parametros: Any, entradas: dict[str, Any]) -> dict[str, Any]:
        resultado = self.reglas[nombre].calcular(parametros, **entradas)
        valores = getattr(resultado, "valores", None)
        pasos = getattr(resultado, "pasos", ())
        if not isinstance(valores, dict):
            return {"error": "tapiz", "mensaje": "no devolvió un Resultado"}
        return {"valores": valores, "pasos": [str(p) for p in pasos]}

    def atender(self, peticion: dict[str, Any]) -> dict[str, Any]:
        limite = float(peticion.get("limite", 5))
        if peticion["orden"] == "cargar" and not self.encerrado:
            try:
                from tapiz_rules.lienzos.encierro import encerrar

                encerrar(Path(peticion["fichero"]).parent, limite, self.padre)
            except Exception as error:  # sin encierro, su código no se importa
                return {"error": "tapiz", "mensaje": f"no se pudo encerrar su proceso ({error})"}
            self.encerrado = True
        signal.setitimer(signal.ITIMER_REAL, limite)
        try:
            if peticion["orden"] == "cargar":
                return self.cargar(peticion["fichero"])
            return self.calcular(peticion["regla"], peticion["parametros"], peticion["entradas"])
        except BaseException as error:  # el código del Lienzo falla de cualquier forma
            return _fallo(error, self.fichero)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)


def _linea(regla: Regla) -> int:
    """La línea de ``reglas.py`` donde empieza la regla (la de su decorador)."""
    codigo = getattr(regla.calcular, "__code__", None)
    return int(getattr(codigo, "co_firstlineno", 0))


def _agotado(_senal: int, _marco: Any) -> None:
    raise TiempoAgotado


def _prohibir_salidas() -> None:
    def salir(codigo: int = 0) -> NoReturn:
        raise SalidaProhibida(f"el Lienzo llamó a os._exit({codigo!r})")

    os._exit = salir  # type: ignore[assignment]  # se cambia a propósito


def _en_json(respuesta: dict[str, Any]) -> bytes:
    try:
        return json.dumps(respuesta, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError, RecursionError) as error:
        fallo = {
            "error": "tapiz",
            "mensaje": f"devolvió valores que no son datos simples ({error})",
            "n": respuesta.get("n"),
        }
        return json.dumps(fallo).encode("utf-8")


def _sin_la_carpeta_actual() -> None:
    """Fuera de ``sys.path`` la carpeta actual (la del Lienzo): un ``json.py`` o un
    ``ctypes.py`` suyo se importaría antes de que el proceso se encierre."""
    actual = os.getcwd()
    sys.path[:] = [r for r in sys.path if r and os.path.realpath(r) != actual]


def main() -> None:
    _sin_la_carpeta_actual()
    respuestas = os.fdopen(os.dup(1), "wb")
    nulo = os.open(os.devnull, os.O_RDWR)
    os.dup2(nulo, 1)
    os.dup2(nulo, 2)
    os.close(nulo)
    salida = Salida()
    sys.stdout = sys.stderr = salida  # solo write y flush
    entrada = sys.stdin.buffer
    _prohibir_salidas()
    signal.signal(signal.SIGALRM, _agotado)
    trabajo = Trabajo()
    while (trama := leer_trama(entrada)) is not None:
        peticion = pickle.loads(trama)
        respuesta = trabajo.atender(peticion) | salida.vaciar() | {"n": peticion.get("n")}
        escribir_trama(respuestas, _en_json(respuesta))


if __name__ == "__main__":
    main()
