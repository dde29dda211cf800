"""Lenguas: niveles, avances y la regla opcional TZR0001."""

from tests.reglas.ayuda import CON_TZR0001, calcular, error, tabla


def avance(hablado_antes, escrito_antes, hablado_despues, escrito_despues, **otras):
    return calcular(
        "avance_lengua",
        hablado_antes=hablado_antes,
        escrito_antes=escrito_antes,
        hablado_despues=hablado_despues,
        escrito_despues=escrito_despues,
        **otras,
    )


class TestLenguas:
    def test_elythlian_sube_el_orco_de_medio_bajo_a_alto_medio(self):
        r = avance("medio", "bajo", "alto", "medio")
        assert r.valores == {
            "valido": True,
            "niveles": 2,
            "motivo": "2 de los 2 niveles que cubre un punto de avance",
        }
        assert r.pasos[0] == "Hablado medio → alto (+1), escrito bajo → medio (+1): 2 niveles"

    def test_los_dos_niveles_en_hablado_llevarian_a_erudito_sin_justificar(self):
        r = avance("medio", "bajo", "erudito", "bajo")
        assert r.valores == {
            "valido": False,
            "niveles": 2,
            "motivo": "el nivel erudito no está justificado: lo alcanzan solo hablantes "
            "nativos o personajes dedicados al estudio de esa lengua",
        }

    def test_erudito_justificado(self):
        assert avance("medio", "bajo", "erudito", "bajo", erudito_justificado=True)["valido"]

    def test_dejar_el_hablado_y_subir_el_escrito_a_alto_es_valido_pero_poco_util(self):
        r = avance("medio", "bajo", "medio", "alto")
        assert r["valido"] is True
        assert r.pasos[-1] == (
            "Válido, aunque un nivel escrito por encima del hablado rara vez resulta útil"
        )

    def test_tres_niveles_no_caben_en_un_punto(self):
        r = avance("bajo", "ninguno", "alto", "bajo")
        assert (r["valido"], r["motivo"]) == (
            False,
            "un punto de avance cubre como mucho 2 niveles, no 3",
        )

    def test_un_avance_no_baja_niveles(self):
        assert avance("alto", "bajo", "medio", "alto")["motivo"] == "un avance no baja niveles"

    def test_nivel_desconocido(self):
        assert error(
            "avance_lengua",
            hablado_antes="fluido",
            escrito_antes="bajo",
            hablado_despues="alto",
            escrito_despues="bajo",
        ) == (
            "la entrada «hablado_antes» no admite «fluido»; valores válidos: "
            "ninguno, bajo, medio, alto, erudito"
        )

    def test_tabla_de_niveles(self):
        t = tabla("niveles_lengua")
        assert [f[0] for f in t.filas] == ["Bajo", "Medio", "Alto", "Erudito"]
        assert t.filas[3][2] == (
            "Solo hablantes nativos o personajes dedicados al estudio de esa lengua"
        )


class TestBonusDeRasgoPorLenguaTZR0001:
    def test_elythlian_ante_los_enanos_suma_uno_por_erudito_y_uno_por_la_circunstancia(self):
        r = calcular("bonus_lengua", CON_TZR0001, erudito=True, circunstancia=True, nivel=3)
        assert r.valores == {"bonus_rasgos": 2, "rasgos_lengua": 2}
        assert r.pasos[:2] == (
            "+1 de bonus de rasgo por nivel erudito",
            "+1 de bonus de rasgo por una lengua estimada por la audiencia",
        )

    def test_cuentan_para_el_tope_de_dos_veces_el_nivel(self):
        r = calcular(
            "bonus_lengua", CON_TZR0001, erudito=True, circunstancia=True, nivel=2, rasgos=2
        )
        assert r.valores == {"bonus_rasgos": 4, "rasgos_lengua": 2}

    def test_sin_tzr0001_es_un_error(self):
        assert error("bonus_lengua", erudito=True) == (
            "la regla «bonus_lengua» requiere la regla opcional TZR0001 (Bonus de rasgo "
            "asociados al conocimiento de una lengua), que no está activa en este reglamento"
        )

    def test_la_tirada_de_accion_acepta_los_bonus_de_lengua(self):
        lengua = calcular("bonus_lengua", CON_TZR0001, erudito=True, circunstancia=True, nivel=3)
        r = calcular(
            "accion",
            CON_TZR0001,
            base=11,
            nivel=3,
            rasgos_lengua=lengua["rasgos_lengua"],
            resistencia=12,
        )
        assert (r["bonus_rasgos"], r["total"]) == (2, 13)
