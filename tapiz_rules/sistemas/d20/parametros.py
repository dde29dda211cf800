"""Los números del sistema d20 de las fuentes (003), en un solo sitio."""

from __future__ import annotations

from dataclasses import dataclass

ESTADOS = ("malherido", "incapacitado", "moribundo", "muerto")
"""Las casillas del registro de salud, de la más leve a la última."""

ETIQUETAS_ESTADO = {
    "malherido": "Malherido",
    "incapacitado": "Incapacitado",
    "moribundo": "Moribundo",
    "muerto": "Muerto",
}


@dataclass(frozen=True)
class ParametrosD20:
    caras: int = 20
    """El dado de las pruebas."""
    elecciones: tuple[int, ...] = (10, 20)
    """Los resultados que se pueden elegir sin tirar (elegir 10, elegir 20)."""
    veces_el_tiempo_al_elegir_20: int = 20
    penalizacion_sin_competencia: int = -4
    penalizacion_por_punto_de_fuerza: int = -1
    penalizacion_por_incremento: int = -2
    incrementos_maximos: tuple[tuple[str, str, int], ...] = (
        ("arco", "Arco o ballesta", 10),
        ("arrojadiza", "Arma arrojadiza", 5),
    )
    paso_gratuito_m: float = 1.5
    fuerza_a_dos_manos: tuple[int, int] = (3, 2)
    """Multiplicador del modificador de Fuerza al daño con un arma a dos manos (×1,5)."""
    fuerza_secundaria: tuple[int, int] = (1, 2)
    """Y con un arma arrojadiza o secundaria (la mitad)."""
    armadura_sin_competencia: int = 2
    """La penalización por armadura se multiplica por esto sin competencia."""
    cd_base_herida_grave: int = 10
    cd_recuperacion: int = 15
    cd_inconsciencia: int = 10
    bonus_por_fallo: int = 1
    """Cada prueba de recuperación fallada da +1 a la siguiente (y cada minuto inconsciente)."""
    penalizacion_secuela_deliberada: int = -5
    secuelas_por_combate: int = 1
    grados_de_secuela: tuple[tuple[str, str, int, str], ...] = (
        ("leve", "Leve", 1, "cada hora"),
        ("moderada", "Moderada", 2, "cada día"),
        ("severa", "Severa", 3, "cada semana"),
    )
    """Clave, etiqueta, grado (Puntos de Acción para superarla) y cada cuánto se prueba."""

    def fraccion(self, valor: int, factor: tuple[int, int]) -> int:
        """``valor × factor``, redondeado hacia abajo (el texto no dice cómo redondear)."""
        numerador, denominador = factor
        return (valor * numerador) // denominador


def tirada_natural(p: ParametrosD20) -> tuple[int, int]:
    """Los límites de una tirada natural del d20: de 1 a sus caras."""
    return 1, p.caras
