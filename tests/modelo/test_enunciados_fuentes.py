"""Los enunciados que la revisión contra las fuentes encontró mal o imprecisos (issue 41), leídos
contra lo que hace la regla: cada prueba calcula la regla y comprueba que la frase dice eso."""

from __future__ import annotations

from tapiz_rules.sistemas import reglamento


def _enunciado(sistema: str, regla: str) -> str:
    elegido = reglamento(sistema)
    return elegido.regla(regla).enunciar(elegido.parametros)


def test_foco_en_el_dano_suma_el_dado_mas_alto_y_sube_un_grado_el_fallo() -> None:
    texto = _enunciado("tapiz", "postura")
    resultado = reglamento("tapiz").calcular("postura", {"postura": "foco_en_el_dano"})
    # La regla: se suma a la tirada el dado mayor; un fallo sube un grado; actúa el último.
    assert "se suma a la tirada el dado mayor" in resultado.pasos[0]
    assert "un grado más" in resultado.valores["nota"]
    assert resultado.valores["ultimo_en_iniciativa"] is True
    assert "el dado más alto de todos se suma a la tirada de acción" in texto
    assert "consecuencia de un grado más" in texto
    assert "vale la tirada mayor" not in texto


def test_el_ataque_d20_penaliza_solo_los_incrementos_mas_alla_del_primero() -> None:
    d20 = reglamento("d20")
    datos = {"tirada": 10, "defensa": 10, "arma": "arco"}
    primero = d20.calcular("ataque", datos | {"incrementos": 1}).valores["modificador"]
    tercero = d20.calcular("ataque", datos | {"incrementos": 3}).valores["modificador"]
    assert (primero, tercero) == (0, -4)
    assert "−2 por cada incremento de distancia más allá del primero" in _enunciado("d20", "ataque")


def test_la_penalizacion_por_armadura_no_baja_de_cero_y_va_al_modificador_de_destreza() -> None:
    d20 = reglamento("d20")
    fuerte = d20.calcular("penalizacion_armadura", {"penalizacion": 2, "fuerza": 4})
    assert fuerte.valores["penalizacion"] == 0
    texto = _enunciado("d20", "penalizacion_armadura")
    assert "nunca menos de 0" in texto and "al modificador de Destreza" in texto


def test_en_ratas_facil_y_ventaja_se_suman() -> None:
    ratas = reglamento("ratas")
    normal = ratas.calcular("tirada", {"dados": 6})
    ambas = ratas.calcular("tirada", {"dados": 6, "dificultad": "facil", "ventaja": True})
    assert ambas.valores["total"] - normal.valores["total"] == 4
    assert "+2 si es fácil y otros +2 si hay ventaja (se suman)" in _enunciado("ratas", "tirada")


def test_en_una_persecucion_de_ratas_se_estrella_el_personaje() -> None:
    desenlace = reglamento("ratas").calcular("persecucion", {"dados": 3}).valores["desenlace"]
    texto = _enunciado("ratas", "persecucion")
    assert desenlace == "Se estrella"
    assert "el personaje se estrella" in texto and "vehículo" not in texto


def test_la_ventaja_momentanea_o_los_puntos_de_golpe_son_una_alternativa() -> None:
    tapiz = reglamento("tapiz")
    regla = tapiz.regla("ventaja_momentanea")
    assert regla.salida("puntos_de_golpe").etiqueta == "Puntos de golpe que se pueden quitar"
    assert tapiz.calcular("ventaja_momentanea", {"puntos": 3}).valores["puntos_de_golpe"] == 3
    texto = _enunciado("tapiz", "ventaja_momentanea")
    assert "en lugar de eso" in texto and "además" not in texto


def test_en_el_registro_de_salud_muere_quien_tiene_llenas_las_casillas_mas_graves() -> None:
    d20 = reglamento("d20")
    # Malherido sin marcar no salva a quien tiene Incapacitado y Moribundo tachados.
    datos = {"estado": "incapacitado", "incapacitado": True, "moribundo": True}
    assert d20.calcular("registro_de_salud", datos).valores == {"marca": "muerto", "muere": True}
    texto = _enunciado("d20", "registro_de_salud")
    assert "si todas las más graves están marcadas, se marca Muerto" in texto
    assert "si solo queda Muerto" not in texto


def test_la_secuela_deliberada_de_un_personaje_del_dj_no_gasta_y_da_un_punto() -> None:
    d20 = reglamento("d20")
    del_dj = d20.calcular("secuela_deliberada", {"atacante": "dj"}).valores
    assert (del_dj["gasta"], del_dj["gana_el_blanco"]) == (0, 1)
    texto = _enunciado("d20", "secuela_deliberada")
    assert "si el atacante es un personaje del DJ, no gasta ninguno y el héroe gana uno" in texto


def test_la_secuela_se_anota_en_lugar_de_tachar_una_casilla() -> None:
    texto = _enunciado("d20", "secuela")
    assert "en lugar de tachar una casilla del registro de salud" in texto
    assert "ocupa una casilla" not in texto


def test_en_ratas_la_mayoria_de_los_enemigos_con_2_pv_huyen() -> None:
    ratas = reglamento("ratas")
    herido = ratas.calcular("herida", {"pv": 5, "dano": 4, "enemigo": True}).valores
    assert (herido["pv"], herido["huye"]) == (1, True)
    assert ratas.regla("herida").salida("huye").etiqueta == "Lo normal es que huya o se rinda"
    texto = _enunciado("ratas", "herida")
    assert "La mayoría de los enemigos que se quedan con 2 PV o menos huyen" in texto


def test_la_lengua_estimada_cuenta_si_no_se_espera_que_el_personaje_la_domine() -> None:
    tapiz = reglamento("tapiz", opcionales=["TZR0001"])
    regla = tapiz.regla("bonus_lengua")
    assert "no espera que el personaje la domine" in regla.entrada("circunstancia").ayuda
    ambas = tapiz.calcular("bonus_lengua", {"erudito": True, "circunstancia": True, "nivel": 2})
    assert ambas.valores["bonus_rasgos"] == 2
    texto = regla.enunciar(tapiz.parametros)
    assert "una lengua que la audiencia estima y que no espera que el personaje domine" in texto


def test_en_ratas_dos_fracasos_en_peligro_mortal_pueden_acarrear_la_muerte() -> None:
    ratas = reglamento("ratas")
    sin_ayuda = ratas.calcular("peligro_mortal", {"primera": 7, "segunda": 5}).valores
    rescatado = ratas.calcular("peligro_mortal", {"primera": 7, "segunda": 5, "rescate": 8})
    assert sin_ayuda["muere"] is True and rescatado.valores["muere"] is False
    # Las normas de la casa: «pueden acarrear la muerte»; lo decide la mesa, no los dados.
    assert ratas.regla("peligro_mortal").salida("muere").etiqueta == "Puede morir"
    texto = _enunciado("ratas", "peligro_mortal")
    assert "dos tiradas seguidas de 7 o menos pueden acarrear la muerte" in texto
    assert "matan" not in texto


def test_los_tres_resultados_de_la_casa_en_las_bandas_del_juego_son_lectura_del_libro() -> None:
    ratas = reglamento("ratas")
    niveles = [
        ratas.calcular("tres_resultados", {"total": t}).valores["nivel"] for t in (7, 8, 9, 10)
    ]
    assert niveles == ["fracaso", "parcial", "parcial", "exito"]
    # Las normas de la casa nombran los tres resultados sin números: los pone este libro.
    assert "Este libro los pone en las bandas del juego: 7 o menos, 8 o 9, y 10 o más" in (
        _enunciado("ratas", "tres_resultados")
    )
    enfrentamiento = _enunciado("ratas", "enfrentamiento")
    assert "7 o menos" not in enfrentamiento and "tres resultados de la mesa" in enfrentamiento
    for total, dano in ((5, "Daño grave"), (11, "Ninguno")):
        valores = ratas.calcular("enfrentamiento", {"total_a": total, "total_b": total}).valores
        assert (valores["dano_a"], valores["dano_b"]) == (dano, dano)
    assert "si los dos fracasan, los dos salen dañados; si los dos tienen éxito, ninguno" in (
        enfrentamiento
    )
    notas = ratas.tabla("matriz_enfrentamiento").notas
    assert any("(lectura de este libro)" in nota for nota in notas)


def test_la_prueba_de_recuperacion_d20_dice_de_donde_sale_el_mas_uno_de_las_secuelas() -> None:
    d20 = reglamento("d20")
    datos = {"tirada": 10, "fortaleza": 1, "fallos": 3}
    leve = d20.calcular("prueba_de_recuperacion", datos | {"motivo": "leve"}).valores
    dormido = d20.calcular("prueba_de_recuperacion", datos | {"motivo": "inconsciente"}).valores
    # +1 por fallo también en una secuela (lectura del libro); la inconsciencia, contra CD 10.
    assert (leve["total"], leve["cd"]) == (14, 15) and dormido["cd"] == 10
    texto = _enunciado("d20", "prueba_de_recuperacion")
    assert "+1 por cada minuto después del primero" in texto
    assert "En las secuelas, el +1 por prueba fallada es una lectura de este libro" in texto
