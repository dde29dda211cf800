"""Las unidades que comparten muchas entradas y salidas, escritas una vez (singular, plural).

Una entrada o salida declara la suya (``Entrada(..., unidad=PUNTOS)``); de ahí salen la API
(``unidad``, en plural), las tarjetas del libro («4 puntos») y los formularios. Un número sin
unidad (una tirada, un modificador, un nivel, una característica) la deja en ``None``.
"""

from __future__ import annotations

PUNTOS = ("punto", "puntos")
PUNTOS_DE_GOLPE = ("punto de golpe", "puntos de golpe")
TURNOS = ("turno", "turnos")
RASGOS = ("rasgo", "rasgos")
NIVELES = ("nivel", "niveles")
ACCIONES = ("acción", "acciones")
