"""Ajustes comunes de las pruebas.

Hypothesis corta por defecto cada ejemplo a los 200 ms: un límite de tiempo que en una
máquina compartida y ocupada falla sin que falle nada del motor. Aquí no hay límites de
tiempo en las pruebas (la velocidad se mide en ``bench/``).
"""

from hypothesis import settings

settings.register_profile("tapiz", deadline=None)
settings.load_profile("tapiz")
