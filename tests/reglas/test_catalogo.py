"""El catálogo completo: nombres, descripciones y forma de reglas y tablas."""

import pytest

from tapiz_rules.sistemas import SISTEMAS, reglamento
from tapiz_rules.sistemas.tapiz import MODULOS

TAPIZ = SISTEMAS["tapiz"]

REGLAS = (
    "accion",
    "avance_lengua",
    "bonus_lengua",
    "bonus_rasgos",
    "cobertura",
    "dado_emulado",
    "dados_atributo",
    "defensa_fisica",
    "defensa_mental",
    "dificultad",
    "eliminar_efecto",
    "estado_puntos_golpe",
    "grado_efecto",
    "heroicidad_directora",
    "impedimento",
    "lectura_porcentaje",
    "matriz_fija",
    "mejoras_caracteristica",
    "modificador_caracteristica",
    "modificador_iniciativa",
    "movimiento_combate",
    "movimiento_fuera_combate",
    "nivel_por_experiencia",
    "postura",
    "probabilidades_accion",
    "puntos_heroicidad",
    "reparto_puntos",
    "tamano_fisico",
    "tamano_mental",
    "tirada_caracteristica",
    "tirada_estatica",
    "tirada_resistencia",
    "ventaja",
    "ventaja_momentanea",
    "visibilidad",
)
TABLAS = (
    "dificultades",
    "ejemplos_efectos",
    "estados_puntos_golpe",
    "generacion_antigua_escuela",
    "generacion_nueva_escuela",
    "grados_efecto",
    "modificadores_caracteristica",
    "parametros_lienzo",
    "niveles_lengua",
    "posturas",
    "progresion_nivel",
    "tabla_cobertura",
    "tabla_dados_atributo",
    "tabla_impedimento",
    "tabla_movimiento_combate",
    "tabla_movimiento_fuera_combate",
    "tabla_tamano_fisico",
    "tabla_tamano_mental",
    "tabla_visibilidad",
    "usos_heroicidad",
)


def test_el_catalogo_tiene_exactamente_las_reglas_y_tablas_acordadas():
    assert sorted(TAPIZ.reglas) == sorted(REGLAS)
    assert sorted(TAPIZ.tablas) == sorted(TABLAS)
    assert MODULOS[0] == "efectos"
    assert sorted(SISTEMAS) == ["d20", "ratas", "tapiz"]


@pytest.mark.parametrize("nombre", REGLAS)
def test_cada_regla_se_describe_en_espanol(nombre):
    regla = TAPIZ.reglas[nombre]
    assert regla.titulo and regla.seccion and regla.descripcion
    assert regla.salidas
    for campo in (*regla.entradas, *regla.salidas):
        assert campo.descripcion, f"{nombre}.{campo.nombre} sin descripción"


@pytest.mark.parametrize("nombre", TABLAS)
def test_cada_tabla_tiene_filas_completas(nombre):
    definicion = TAPIZ.tablas[nombre]
    assert definicion.descripcion
    t = reglamento().tabla(nombre)
    assert t.titulo and t.filas
    for fila in t.filas:
        assert len(fila) == len(t.columnas)
        assert all(isinstance(celda, str | int) and not isinstance(celda, bool) for celda in fila)
