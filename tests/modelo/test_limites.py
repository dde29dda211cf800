"""El texto de los límites de un dato («De 1 a 5.400.») y el de un valor que no cabe en ellos
salen de una función del motor (``formato``): el libro, la hoja y los formularios del motor en
la página los muestran sin escribirlos otra vez."""

from __future__ import annotations

import json
from typing import Any

from tapiz_rules import vivo
from tapiz_rules.modelo import Campo, formato
from tapiz_rules.sistemas import SISTEMAS, reglamento


def _respuesta(peticion: dict[str, object]) -> dict[str, Any]:
    datos = json.loads(vivo.responder(peticion))
    assert isinstance(datos, dict)
    return datos


def test_los_limites_llevan_millares_y_coma_decimal() -> None:
    assert formato.limites(1, 5400) == "De 1 a 5.400."
    assert formato.limites(-2, None) == "Como mínimo, −2."
    assert formato.limites(None, 2.5) == "Como máximo, 2,5."
    assert formato.limites(None, None) == ""
    assert formato.fuera_de_limites(6000, 1, 5400) == "va de 1 a 5.400"
    assert formato.fuera_de_limites(-1, 0, None) == "no puede ser menor que 0"
    assert formato.fuera_de_limites(3, None, 2.5) == "no puede ser mayor que 2,5"
    assert formato.fuera_de_limites(5400, 1, 5400) == ""
    campo = Campo("altitud", int, "Altitud", minimo=0, maximo=5400)
    assert campo.ayuda_de_limites() == "De 0 a 5.400."


def test_cada_formulario_trae_escrito_el_texto_de_sus_limites() -> None:
    vistos = 0
    for sistema in SISTEMAS:
        elegido = reglamento(sistema)
        for nombre in elegido.sistema.reglas:
            datos = _respuesta({"tipo": "formulario", "sistema": sistema, "regla": nombre})
            regla = elegido.regla(nombre)
            for campo, enviado in zip(regla.entradas, datos["entradas"], strict=True):
                esperado = campo.ayuda_de_limites(elegido.parametros, regla.entradas)
                assert enviado["limites"] == esperado
                vistos += bool(enviado["limites"])
    assert vistos >= 10


def test_los_limites_que_dan_los_parametros_u_otra_entrada_se_dicen_en_el_formulario() -> None:
    """De la declaración de la regla, con los números del reglamento (``dependencias``)."""

    def limites(sistema: str, regla: str) -> dict[str, str]:
        datos = _respuesta({"tipo": "formulario", "sistema": sistema, "regla": regla})
        return {c["nombre"]: c["limites"] for c in datos["entradas"]}

    assert limites("tapiz", "accion")["base"] == "De 1 a 20."
    assert limites("tapiz", "ventaja_momentanea")["puntos"] == "De 1 a 4."
    assert limites("tapiz", "dado_emulado")["dado"] == "De 1 a las caras del dado tirado."
    assert limites("tapiz", "postura")["bonus_elegido"] == (
        "Solo con postura «Ataque total». De 0 a la mitad del nivel, redondeando hacia arriba."
    )
    assert limites("ratas", "peligro")["tirada"] == (
        "Con «1d6», de 1 a 6; con «2d6», de 2 a 12; con «3d6», de 3 a 18."
    )
    assert limites("ratas", "a_cero_pv")["turnos"] == (
        "Sin «Corazón débil», de 1 a 6; con «Corazón débil», de 1 a 3."
    )
    assert limites("ratas", "cero_cordura")["desmayo"] == (
        "Solo con elección «Desmayarse». De 1 a 6."
    )


def test_un_dato_fuera_de_sus_limites_se_dice_con_su_etiqueta_y_sus_limites() -> None:
    entradas = {"dado_1": "1.200", "dado_2": "3", "dado_3": "4"}
    peticion = {"tipo": "regla", "sistema": "ratas", "regla": "fuego_automatico"}
    datos = _respuesta({**peticion, "entradas": entradas})
    campo = reglamento("ratas").regla("fuego_automatico").entrada("dado_1")
    assert campo is not None
    assert datos["error"] == f"{campo.etiqueta}: va de 1 a 6."
    assert datos["campo"] == "dado_1"
