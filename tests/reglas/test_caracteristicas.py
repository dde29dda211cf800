"""Creación de Personajes: modificadores y generación de características."""

from dataclasses import replace

import pytest

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz, Tramo
from tests.reglas.ayuda import calcular, error, tabla


class TestModificadoresDeAtributos:
    @pytest.mark.parametrize(
        ("valor", "normal", "principal"),
        [
            (3, -4, -2),
            (5, -3, -1),
            (7, -2, 0),
            (8, -1, 0),
            (11, 0, 0),
            (12, 1, 2),
            (15, 2, 4),
            (16, 3, 6),
            (18, 4, 8),
        ],
    )
    def test_tabla_de_la_hoja_de_personaje(self, valor, normal, principal):
        assert calcular("modificador_caracteristica", valor=valor)["modificador"] == normal
        r = calcular("modificador_caracteristica", valor=valor, principal=True)
        assert r["modificador"] == principal

    def test_pasos(self):
        r = calcular("modificador_caracteristica", valor=14, principal=True)
        assert r.pasos == ("Valor 14 (tramo 14-15), modificador como principal: +4",)

    def test_la_tabla_muestra_la_columna_principal(self):
        t = tabla("modificadores_caracteristica")
        assert t.columnas == ("Valor", "Modificador", "Modificador si es principal")
        assert t.filas[0] == ("3", "−4", "−2")
        assert t.filas[1] == ("4-5", "−3", "−1")
        assert t.filas[-1] == ("18", "+4", "+8")
        assert len(t.filas) == 9

    def test_una_caracteristica_de_25_es_imposible(self):
        assert error("modificador_caracteristica", valor=25) == (
            "la entrada «valor» debe estar entre 3 y 18; se recibió 25"
        )


class TestGeneracionDeLosAtributos:
    def test_4d6_descartando_el_menor(self):
        r = calcular("tirada_caracteristica", metodo="4d6dl1", dados=[6, 5, 3, 1])
        assert r["valor"] == 14
        assert r.pasos == ("4d6dl1: se descarta el menor (1); 6 + 5 + 3 = 14",)

    def test_3d6(self):
        assert calcular("tirada_caracteristica", metodo="3d6", dados=[2, 4, 6])["valor"] == 12

    def test_numero_de_dados_incorrecto(self):
        assert error("tirada_caracteristica", metodo="3d6", dados=[2, 4]) == (
            "el método 3d6 tira 3 dados; se recibieron 2"
        )

    def test_un_d6_no_saca_siete(self):
        assert error("tirada_caracteristica", metodo="3d6", dados=[2, 4, 7]) == (
            "la entrada «dados» solo admite enteros entre 1 y 6; contiene 7"
        )

    def test_metodo_desconocido(self):
        assert error("tirada_caracteristica", metodo="2d6", dados=[1, 1]) == (
            "la entrada «metodo» no admite «2d6»; valores válidos: 3d6, 4d6dl1"
        )

    @pytest.mark.parametrize(
        ("escuela", "valores"),
        [("antigua", [14, 12, 10, 10, 9, 8]), ("nueva", [16, 14, 13, 12, 10, 9])],
    )
    def test_matrices_fijas(self, escuela, valores):
        assert calcular("matriz_fija", escuela=escuela)["valores"] == valores

    def test_reparto_de_63_puntos_de_la_antigua_escuela(self):
        r = calcular("reparto_puntos", escuela="antigua", valores=[13, 11, 11, 10, 10, 8])
        assert r.valores == {
            "valido": True,
            "total": 63,
            "motivo": "63 puntos repartidos, todos entre 8 y 18",
        }

    def test_reparto_de_72_puntos_de_la_nueva_escuela(self):
        assert calcular("reparto_puntos", escuela="nueva", valores=[18, 16, 12, 10, 8, 8])["valido"]

    def test_ninguna_por_debajo_de_8(self):
        r = calcular("reparto_puntos", escuela="nueva", valores=[18, 18, 18, 7, 6, 5])
        assert (r["valido"], r["motivo"]) == (False, "INT 7, SAB 6, CAR 5 fuera del rango 8-18")

    def test_hay_que_repartir_todos_los_puntos(self):
        r = calcular("reparto_puntos", escuela="antigua", valores=[10, 10, 10, 10, 10, 10])
        assert (r["valido"], r["motivo"]) == (False, "se reparten 60 puntos en lugar de 63")

    def test_faltan_valores(self):
        assert error("reparto_puntos", escuela="antigua", valores=[10, 10]) == (
            "la entrada «valores» necesita 6 valores; se recibieron 2"
        )

    def test_tablas_de_las_escuelas(self):
        antigua = tabla("generacion_antigua_escuela")
        assert [f[0] for f in antigua.filas] == [1, 2, 3, 4]
        assert antigua.filas[2][1] == "Asignar los valores 14, 12, 10, 10, 9, 8"
        assert antigua.filas[3][1] == (
            "Repartir 63 puntos entre las seis características, ninguna por debajo de 8 ni por "
            "encima de 18"
        )
        nueva = tabla("generacion_nueva_escuela")
        assert len(nueva.filas) == 3
        assert nueva.filas[2][1] == (
            "Asignar los valores 16, 14, 13, 12, 10, 9 (74 puntos, pero ninguno por encima de 16 "
            "antes de los ajustes por especie)"
        )
        assert nueva.notas[-1] == (
            "La recomendación del sistema Tapiz es emplear la Nueva Escuela, en particular las "
            "opciones 1 y 2."
        )


class TestParametros:
    def test_los_modificadores_salen_de_los_parametros(self):
        p = ParametrosTapiz()
        tramos = tuple(
            Tramo(t.desde, t.hasta, 5, 10) if t.desde == 18 else t
            for t in p.modificadores_caracteristica
        )
        p2 = replace(p, modificadores_caracteristica=tramos)
        regla = TAPIZ.regla("modificador_caracteristica")
        assert regla.ejecutar(p2, {"valor": 18})["modificador"] == 5
        assert regla.ejecutar(p2, {"valor": 18, "principal": True})["modificador"] == 10
        assert TAPIZ.tabla("modificadores_caracteristica").construir(p2).filas[-1] == (
            "18",
            "+5",
            "+10",
        )

    def test_el_rango_de_las_caracteristicas_sale_de_los_parametros(self):
        p = ParametrosTapiz()
        tramos = (*p.modificadores_caracteristica, Tramo(19, 20, 5, 10))
        p2 = replace(p, modificadores_caracteristica=tramos, caracteristica_maxima=20)
        regla = TAPIZ.regla("modificador_caracteristica")
        assert regla.ejecutar(p2, {"valor": 20})["modificador"] == 5

    def test_las_escuelas_y_el_reparto_salen_de_los_parametros(self):
        p = ParametrosTapiz()
        nueva = replace(p.escuela("nueva"), puntos=75, matriz=(17, 15, 13, 12, 10, 8))
        escuelas = tuple(nueva if e.nombre == "nueva" else e for e in p.escuelas)
        p2 = replace(p, escuelas=escuelas, reparto_minimo=7, reparto_maximo=17)
        reparto = TAPIZ.regla("reparto_puntos")
        r = reparto.ejecutar(p2, {"escuela": "nueva", "valores": [17, 17, 17, 10, 7, 7]})
        assert r.valores == {
            "valido": True,
            "total": 75,
            "motivo": "75 puntos repartidos, todos entre 7 y 17",
        }
        r = reparto.ejecutar(p2, {"escuela": "nueva", "valores": [18, 17, 17, 10, 7, 6]})
        assert r["motivo"] == "FUE 18, CAR 6 fuera del rango 7-17"
        matriz = TAPIZ.regla("matriz_fija").ejecutar(p2, {"escuela": "nueva"})
        assert matriz["valores"] == [17, 15, 13, 12, 10, 8]
        tabla_nueva = TAPIZ.tabla("generacion_nueva_escuela").construir(p2)
        assert tabla_nueva.filas[1][1] == (
            "Repartir 75 puntos entre las seis características, ninguna por debajo de 7 ni por "
            "encima de 17"
        )
