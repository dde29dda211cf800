"""Las unidades que comparten muchas entradas y salidas, escritas una vez (singular, plural).

Una entrada o salida numérica declara la suya (``Entrada(..., unidad=PUNTOS)``); de ahí salen
la API (``unidad``, en plural), las tarjetas del libro («4 puntos») y los formularios. Un
número que no tiene unidad por lo que es en las reglas (una tirada, un nivel, una
característica, una dificultad, una defensa, un total) declara ``SIN_UNIDAD``; los
modificadores, las probabilidades y las opciones no la necesitan, su formato ya lo dice
(``Campo.unidad_declarada``). Una prueba rechaza un número que no declara ni una cosa ni otra.
"""

from __future__ import annotations

SIN_UNIDAD = ""
"""Declarado sin unidad: en la API, ``"unidad": null``; en una tarjeta, el número solo."""

PUNTOS = ("punto", "puntos")
PUNTOS_DE_GOLPE = ("punto de golpe", "puntos de golpe")
PUNTOS_DE_CORDURA = ("punto de cordura", "puntos de cordura")
PUNTOS_DE_ACCION = ("punto de Acción", "puntos de Acción")
PUNTOS_DE_RESISTENCIA = ("punto de Resistencia", "puntos de Resistencia")
TURNOS = ("turno", "turnos")
RASGOS = ("rasgo", "rasgos")
NIVELES = ("nivel", "niveles")
ACCIONES = ("acción", "acciones")
CARAS = ("cara", "caras")
RANGOS = ("rango", "rangos")
SESIONES = ("sesión", "sesiones")
PERSONAJES = ("personaje", "personajes")
PRUEBAS = ("prueba", "pruebas")
EXITOS = ("éxito", "éxitos")
FRACASOS = ("fracaso", "fracasos")
SECUELAS = ("secuela", "secuelas")
