"""Rango y Movimiento: movimiento en combate y fuera de él, Impedimento y Carga."""

from dataclasses import replace
from fractions import Fraction

import pytest

from tapiz_rules.sistemas.tapiz import TAPIZ
from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz
from tests.reglas.ayuda import CON_TZR0002, calcular, error, tabla

SHARRA = {"fue": 14, "des": 15, "con": 12, "peso": 30}


class TestImpedimentoYCarga:
    def test_sharra_con_el_botin_va_cargada(self):
        r = calcular("impedimento", **SHARRA)
        assert r.valores == {
            "carga": 29,
            "impedimento": "cargado",
            "nivel_impedimento": -1,
            "consecuencia_combate": -2,
            "fraccion_fuera_combate": "1/2",
            "descanso": "10 minutos cada 120 minutos de movimiento",
        }
        assert r.pasos[:3] == (
            "Carga: FUE 14 + DES 15 = 29 kg",
            "30 kg > 29 y ≤ 41 (Carga + 1 × CON): cargado (−1)",
            "En combate: consecuencia menor (−2); fuera de combate: la mitad de la distancia",
        )

    def test_hasta_la_carga_no_hay_impedimento(self):
        r = calcular("impedimento", **{**SHARRA, "peso": 29})
        assert (r["impedimento"], r["consecuencia_combate"], r["descanso"]) == (
            "normal",
            0,
            "ninguno",
        )

    @pytest.mark.parametrize(
        ("peso", "impedimento", "consecuencia", "fraccion"),
        [
            (41, "cargado", -2, "1/2"),
            (41.5, "sobrecargado", -4, "1/3"),
            (65, "sobrecargado", -4, "1/3"),
            (66, "extenuado", -6, "1/10"),
        ],
    )
    def test_tramos_de_constitucion(self, peso, impedimento, consecuencia, fraccion):
        r = calcular("impedimento", **{**SHARRA, "peso": peso})
        assert (r["impedimento"], r["consecuencia_combate"], r["fraccion_fuera_combate"]) == (
            impedimento,
            consecuencia,
            fraccion,
        )

    def test_sharra_con_una_enana_de_90_kg_queda_extenuada(self):
        r = calcular("impedimento", **{**SHARRA, "peso": 90})
        assert (r["impedimento"], r["consecuencia_combate"]) == ("extenuado", -6)
        assert r["descanso"] == "1 hora cada 120 minutos de movimiento"

    def test_saddin_suma_10_a_su_carga(self):
        r = calcular("impedimento", fue=16, des=12, con=14, peso=35, bonus_carga=10)
        assert (r["carga"], r["impedimento"]) == (38, "normal")

    def test_con_tzr0002_no_hay_penalizacion(self):
        r = calcular("impedimento", CON_TZR0002, **SHARRA)
        assert r.valores == {
            "carga": 29,
            "impedimento": "cargado",
            "nivel_impedimento": 0,
            "consecuencia_combate": 0,
            "fraccion_fuera_combate": "1",
            "descanso": "ninguno",
        }
        assert r.pasos[-1] == (
            "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica ninguna "
            "penalización"
        )

    def test_peso_negativo(self):
        assert error("impedimento", **{**SHARRA, "peso": -1}) == (
            "la entrada «peso» no puede ser menor que 0; se recibió -1"
        )

    def test_fuerza_imposible(self):
        assert error("impedimento", **{**SHARRA, "fue": 25}) == (
            "la entrada «fue» debe estar entre 3 y 18; se recibió 25"
        )

    def test_tabla(self):
        t = tabla("tabla_impedimento")
        assert t.filas[1] == (
            "Hasta el valor de Carga + CON",
            "Consecuencia menor (−2) a todas las tiradas de movimiento y combate",
            "La mitad de todos los valores",
            "Cargado (−1)",
            "Requiere descansar 10 minutos cada CON x 10 minutos realizando el movimiento",
        )
        assert t.filas[3][0] == "Más allá del valor de Carga + 3 x CON"
        assert t.filas[3][1].startswith("Consecuencia extrema (−6)")
        assert tabla("tabla_impedimento", CON_TZR0002).notas[-1] == (
            "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica."
        )


class TestMovimientoEnElCombate:
    def test_el_esprint_de_sharra_es_una_consecuencia_extrema(self):
        r = calcular("movimiento_combate", mov=30, tipo="esprint")
        assert r.valores == {
            "metros": 90,
            "modificador": -6,
            "grado": "extremo",
            "modificador_total": -6,
        }

    def test_con_30_kg_el_ataque_de_sharra_queda_en_menos_8(self):
        r = calcular("movimiento_combate", mov=30, tipo="esprint", impedimento="cargado")
        assert (r["metros"], r["modificador_total"]) == (90, -8)
        assert r.pasos[-1] == (
            "Impedimento cargado: −2 a esa acción, total −8 (el movimiento en sí no se penaliza)"
        )

    def test_con_tzr0002_la_carga_no_cuenta(self):
        r = calcular(
            "movimiento_combate", CON_TZR0002, mov=30, tipo="esprint", impedimento="cargado"
        )
        assert r["modificador_total"] == -6

    @pytest.mark.parametrize(
        ("tipo", "metros", "modificador"), [("normal", 30, -2), ("correr", 60, -4)]
    )
    def test_normal_y_correr(self, tipo, metros, modificador):
        r = calcular("movimiento_combate", mov=30, tipo=tipo)
        assert (r["metros"], r["modificador"]) == (metros, modificador)

    def test_tabla(self):
        t = tabla("tabla_movimiento_combate")
        assert t.filas[2] == (
            "Esprint",
            "3 metros por ronda",
            "Establece una consecuencia extrema (−6) en acciones no relacionadas con el movimiento",
        )


class TestMovimientoFueraDeCombate:
    def test_sharra_precavida_cubre_30_metros_en_un_minuto(self):
        r = calcular("movimiento_fuera_combate", mov=30, tipo="precavido")
        assert r.valores == {"distancia": 30, "unidad": "m"}
        assert r.pasos == ("Precavido: MOV 30 × 1 metro por minuto × 1 minuto = 30 m",)

    def test_sharra_cargada_tarda_el_doble_en_5_km(self):
        libre = calcular("movimiento_fuera_combate", mov=30, tipo="normal", unidad="horas")
        cargada = calcular(
            "movimiento_fuera_combate", mov=30, tipo="normal", unidad="horas", impedimento="cargado"
        )
        assert libre["distancia"] == 5400
        assert cargada["distancia"] == 2700

    def test_reconocimiento_medio_metro_por_minuto(self):
        r = calcular("movimiento_fuera_combate", mov=30, tipo="reconocimiento", tiempo=10)
        assert r["distancia"] == 150

    def test_caminata_en_dias(self):
        r = calcular("movimiento_fuera_combate", mov=30, tipo="caminata", tiempo=2)
        assert r.valores == {"distancia": 60, "unidad": "km"}

    def test_la_caminata_no_se_mide_en_minutos(self):
        assert error("movimiento_fuera_combate", mov=30, tipo="caminata", unidad="minutos") == (
            "el movimiento «caminata» se mide en días, no en minutos"
        )

    def test_con_tzr0002_no_se_reduce(self):
        r = calcular(
            "movimiento_fuera_combate", CON_TZR0002, mov=30, tipo="normal", impedimento="extenuado"
        )
        assert r["distancia"] == 90

    def test_tabla(self):
        t = tabla("tabla_movimiento_fuera_combate")
        assert [f[1] for f in t.filas] == [
            "3 metros por minuto",
            "1/2 metro por minuto",
            "1 metro por minuto",
            "1 km por día",
        ]


class TestTZR0002EnElMovimiento:
    def test_el_paso_del_movimiento_da_el_aviso(self):
        r = calcular(
            "movimiento_combate", CON_TZR0002, mov=30, tipo="esprint", impedimento="cargado"
        )
        assert r.pasos[-1] == (
            "Regla opcional TZR0002 activa: el impedimento se anota pero no se aplica "
            "(impedimento cargado)"
        )

    def test_sin_carga_no_hay_aviso(self):
        r = calcular("movimiento_fuera_combate", CON_TZR0002, mov=30, tipo="precavido")
        assert r.pasos == ("Precavido: MOV 30 × 1 metro por minuto × 1 minuto = 30 m",)


class TestParametros:
    def test_el_esprint_lee_los_metros_por_punto_de_los_parametros(self):
        p = ParametrosTapiz()
        p2 = replace(p, metros_por_punto_combate={**p.metros_por_punto_combate, "esprint": 4})
        r = TAPIZ.regla("movimiento_combate").ejecutar(p2, {"mov": 30, "tipo": "esprint"})
        assert r["metros"] == 120
        assert r.pasos[0] == "Esprint: MOV 30 × 4 m = 120 m por ronda"

    def test_fuera_de_combate_lee_la_distancia_de_los_parametros(self):
        p = ParametrosTapiz()
        p2 = replace(
            p, movimiento_fuera_por_punto={**p.movimiento_fuera_por_punto, "caminata": Fraction(2)}
        )
        regla = TAPIZ.regla("movimiento_fuera_combate")
        assert regla.ejecutar(p2, {"mov": 30, "tipo": "caminata"})["distancia"] == 60

    def test_el_impedimento_lee_sus_tramos_de_los_parametros(self):
        p = ParametrosTapiz()
        cargado = replace(p.impedimento("cargado"), fraccion=Fraction(1, 4), descanso_minutos=15)
        p2 = replace(
            p,
            minutos_por_con=5,
            impedimentos=tuple(cargado if i.nombre == "cargado" else i for i in p.impedimentos),
        )
        r = TAPIZ.regla("impedimento").ejecutar(p2, SHARRA)
        assert (r["fraccion_fuera_combate"], r["descanso"]) == (
            "1/4",
            "15 minutos cada 60 minutos de movimiento",
        )
        fuera = TAPIZ.regla("movimiento_fuera_combate").ejecutar(
            p2, {"mov": 30, "tipo": "normal", "impedimento": "cargado"}
        )
        assert fuera["distancia"] == 22.5
        assert TAPIZ.tabla("tabla_impedimento").construir(p2).filas[1][2] == (
            "1/4 de todos los valores"
        )
