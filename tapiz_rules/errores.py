"""Errores del motor: mensajes en español, sin trazas para el usuario."""


class ErrorTapiz(Exception):
    """Error de uso del motor (entrada inválida, regla desconocida…).

    El mensaje está en español y es el que ve la persona usuaria.
    """


class ErrorNotacion(ErrorTapiz):
    """Notación de dados mal formada u hostil; ``columna`` empieza en 1."""

    def __init__(self, mensaje: str, expresion: str, columna: int | None = None) -> None:
        self.expresion = expresion
        self.columna = columna
        self.detalle = mensaje
        donde = f" (columna {columna})" if columna is not None else ""
        super().__init__(f"notación de dados «{expresion}»{donde}: {mensaje}")


class ErrorEntrada(ErrorTapiz):
    """Entradas de una regla que faltan, sobran o tienen un tipo incorrecto.

    ``campo`` nombra la entrada culpable, si la hay, para situar el error.
    """

    def __init__(self, mensaje: str, campo: str | None = None) -> None:
        super().__init__(mensaje)
        self.campo = campo
