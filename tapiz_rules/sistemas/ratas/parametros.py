"""Los números de *Ratas en las paredes* (004), en un solo sitio."""

from __future__ import annotations

from dataclasses import dataclass

from tapiz_rules.errores import ErrorEntrada


@dataclass(frozen=True)
class Banda:
    nombre: str
    desde: int
    combate: str
    tarea: str
    nivel: str
    """Uno de los tres resultados de las reglas de la casa: fracaso, éxito parcial o éxito."""


BANDAS: tuple[Banda, ...] = (
    Banda(
        "7-",
        -1000,
        "El DJ puede usar dos consecuencias contra él o una muy seria",
        "Lo consigue en 2d6 (turnos, minutos, horas…)",
        "fracaso",
    ),
    Banda(
        "8-9",
        8,
        "Tiene éxito, pero sufre una consecuencia",
        "Lo hace en 1d6 (turnos, minutos, horas…)",
        "parcial",
    ),
    Banda(
        "10-11",
        10,
        "Tiene éxito y elige una consecuencia para su objetivo",
        "Lo consigue casi inmediatamente",
        "exito",
    ),
    Banda(
        "12+",
        12,
        "Tiene éxito y escoge dos consecuencias para su objetivo",
        "Lo consigue casi inmediatamente",
        "exito",
    ),
)

CICATRICES: tuple[tuple[int, int, str, str], ...] = (
    (2, 2, "Dolor crónico", "Pierde 1 PV para siempre"),
    (3, 3, "Cojera", "Camina LENTO y corre a velocidad NORMAL"),
    (4, 6, "Parte del cuerpo perdida o deformada", "Un dedo, una oreja, la nariz rota…"),
    (7, 9, "Cicatriz", "Un recuerdo de la violencia, sin efecto en las reglas"),
    (10, 12, "Cicatriz desagradable", "+1 al intimidar (no se acumula si se repite)"),
)

LOCURAS: tuple[tuple[int, int, str, str], ...] = (
    (2, 2, "Corazón débil", "A 0 PV muere en 1d3 turnos en vez de 1d6"),
    (3, 4, "Traumatizado", "Pierde 1 punto de cordura para siempre"),
    (5, 7, "La marca de la locura", "Se talla en la carne un signo antiguo"),
    (8, 9, "Cambio cosmético", "Tira 1d6 en la tabla de cambios cosméticos"),
    (10, 10, "Cicatriz extraña", "Le pica cerca de criaturas sobrenaturales"),
    (11, 11, "Tercer ojo", "Siente la hechicería activa con una tirada de INGENIO con éxito"),
    (12, 12, "Revelación", "Aprende un hechizo y pierde 1 punto de cordura para siempre"),
)

COSMETICOS: tuple[str, ...] = (
    "Tatuaje",
    "Joyería oculta",
    "Mechón blanco de pelo",
    "Ojos rojos",
    "Eccema",
    "Mutación en la piel",
)

ARMADURAS: tuple[tuple[str, str, int], ...] = (
    ("Medieval", "Cuero", 1),
    ("Medieval", "Armadura de placas o cota de malla", 2),
    ("Moderna", "Chaleco antibalas", 1),
    ("Moderna", "Armadura corporal", 2),
    ("Futurista", "Ropas blindadas", 1),
    ("Futurista", "Armadura táctica", 2),
)

VEHICULOS: tuple[tuple[str, int], ...] = (
    ("Coche", 5),
    ("Camión", 10),
    ("Tanque Sherman", 10),
    ("Tanque Tiger", 20),
    ("Crucero", 30),
)


@dataclass(frozen=True)
class ParametrosRatas:
    dados: str = "2d6"
    exito: int = 8
    dados_fuego_automatico: str = "3d6"
    """El fuego automático tira 3d6 sin bonificaciones; cualquier 1 vacía el arma."""
    vacia_el_arma: int = 1
    dificultades: tuple[tuple[str, str, int], ...] = (
        ("facil", "Fácil", 2),
        ("normal", "Normal", 0),
        ("dificil", "Difícil", -2),
    )
    ventaja: int = 2
    bandas: tuple[Banda, ...] = BANDAS
    muerte_en_turnos: str = "1d6"
    muerte_con_corazon_debil: str = "1d3"
    pv_al_sobrevivir: int = 1
    huye_con_pv: int = 2
    peligros: tuple[str, ...] = ("1d6", "2d6", "3d6")
    """El daño de explosiones, venenos, caídas o ácidos, a elección del DJ."""
    dano_armas_de_vehiculo: str = "3d6"
    pv_maximos_de_vehiculo: int = 40
    cordura_base: int = 10
    turnos_de_estupidez: int = 1
    desmayo_en_turnos: str = "1d6"
    cordura_recuperada: str = "1d6"
    """La que se recupera tras elegir qué hacer a 0 de cordura."""
    cordura_por_aficion: str = "1d6"
    sesiones_para_recuperar_cordura: int = 2
    cicatrices: tuple[tuple[int, int, str, str], ...] = CICATRICES
    locuras: tuple[tuple[int, int, str, str], ...] = LOCURAS
    cosmeticos: tuple[str, ...] = COSMETICOS
    armaduras: tuple[tuple[str, str, int], ...] = ARMADURAS
    vehiculos: tuple[tuple[str, int], ...] = VEHICULOS
    fracasos_mortales: int = 2
    exitos_para_vencer_a_un_pj: int = 2

    def modificador(self, dificultad: str) -> tuple[str, int]:
        return next((t, m) for clave, t, m in self.dificultades if clave == dificultad)

    def plazo_de_muerte(self, corazon_debil: bool) -> str:
        """Los turnos que se tarda en morir a 0 PV: «1d6», «1d3» con «Corazón débil»."""
        return self.muerte_con_corazon_debil if corazon_debil else self.muerte_en_turnos

    def banda(self, total: int) -> Banda:
        """La banda de un total; la primera («7-») para todo lo que queda por debajo."""
        return next((b for b in reversed(self.bandas) if total >= b.desde), self.bandas[0])


def limites(expresion: str) -> tuple[int, int]:
    """El mínimo y el máximo de una expresión «NdM» de las fuentes: «3d6» → (3, 18)."""
    cantidad, caras = (int(x) for x in expresion.split("d"))
    return cantidad, cantidad * caras


def buscar(filas: tuple[tuple[int, int, str, str], ...], tirada: int) -> tuple[str, str]:
    """La fila de una tabla de 2d6 en la que cae ``tirada``."""
    for desde, hasta, nombre, efecto in filas:
        if desde <= tirada <= hasta:
            return nombre, efecto
    raise ErrorEntrada(f"la tirada de 2d6 debe estar entre 2 y 12; se recibió {tirada}")


def rango(desde: int, hasta: int) -> str:
    return str(desde) if desde == hasta else f"{desde}-{hasta}" if hasta < 12 else f"{desde}+"
