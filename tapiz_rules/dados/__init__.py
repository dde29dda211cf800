"""Dados: notación, tiradas reproducibles y probabilidades exactas."""

from tapiz_rules.dados.distribucion import Distribucion
from tapiz_rules.dados.expresion import Constante, Dados, Expresion, Seleccion
from tapiz_rules.dados.generador import Generador
from tapiz_rules.dados.limites import COSTE, LIMITES, PROFUNDIDAD_POR_DEFECTO
from tapiz_rules.dados.notacion import analizar
from tapiz_rules.dados.probabilidad import distribucion
from tapiz_rules.dados.tirada import DadoTirado, Tirada, tirar

__all__ = [
    "COSTE",
    "LIMITES",
    "PROFUNDIDAD_POR_DEFECTO",
    "Constante",
    "DadoTirado",
    "Dados",
    "Distribucion",
    "Expresion",
    "Generador",
    "Seleccion",
    "Tirada",
    "analizar",
    "distribucion",
    "tirar",
]
