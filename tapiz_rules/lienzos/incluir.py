"""Un ``lienzo.yml`` repartido en varios ficheros: ``incluir: [tablas.yml, reglas.yml]``.

Cada fichero incluido es un mapa con claves de ``lienzo.yml`` (menos ``nombre`` e
``incluir``), en la carpeta del Lienzo. Las claves que son mapas (``tablas``,
``tablas_nuevas``, ``reglas``, ``parametros``, ``nombres``) pueden repartirse entre
ficheros; cada entrada, una vez. Cada clave y cada entrada recuerdan su fichero, así un
error señala ``tablas.yml:7`` y no ``lienzo.yml``. Lo lee la construcción; la página del
lector recibe la declaración ya reunida.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tapiz_rules.errores import ErrorTapiz
from tapiz_rules.yaml_con_lineas import Documento, ErrorYaml, cargar_mapa, esta_vacio

CLAVE = "incluir"
SOLO_EN_LA_PRINCIPAL = ("nombre", CLAVE)
CONSEJO = (
    "reparte sus tablas y reglas en otros ficheros de la carpeta del Lienzo con "
    "«incluir: [tablas.yml]» (véase «Un Lienzo en varios ficheros» en la guía)"
)


class ErrorDeclaracion(ErrorTapiz):
    def __init__(self, ruta: str, linea: int, mensaje: str) -> None:
        super().__init__(f"{ruta}:{linea}: {mensaje}")
        self.ruta, self.linea, self.detalle = ruta, linea, mensaje


@dataclass
class Declaracion:
    """La declaración reunida y el fichero de cada clave (y de cada entrada de un mapa)."""

    documento: Documento
    rutas: dict[tuple[str, str | None], str] = field(default_factory=dict)

    def ruta(self, clave: str, subclave: str | None, por_defecto: str) -> str:
        return self.rutas.get((clave, subclave)) or self.rutas.get((clave, None)) or por_defecto


VACIO_PRINCIPAL = "está vacío: un Lienzo declara al menos su nombre («nombre: …»)"
VACIO_INCLUIDO = (
    "está vacío: escribe en él claves de lienzo.yml (como «tablas:») o quítalo de «incluir»"
)


def leer_uno(fichero: Path, ruta: str, vacio: str = VACIO_PRINCIPAL) -> Documento:
    """El mapa de ``fichero``; ``vacio``, qué decir si no tiene nada."""
    try:
        datos = fichero.read_bytes()
        texto = datos.decode("utf-8")
        documento = cargar_mapa(texto, consejo=CONSEJO)
    except ErrorYaml as error:
        raise ErrorDeclaracion(ruta, (error.linea or 0) + 1, f"YAML no válido: {error}") from None
    except OSError as error:
        raise ErrorDeclaracion(ruta, 1, f"no se puede leer ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise ErrorDeclaracion(
            ruta,
            datos[: error.start].count(b"\n") + 1,
            f"no está escrito en UTF-8 (el byte 0x{datos[error.start]:02x} no es de UTF-8); "
            "guárdalo en UTF-8",
        ) from None
    if documento is None:
        motivo = vacio if esta_vacio(texto) else "debe ser un mapa YAML (clave: valor)"
        raise ErrorDeclaracion(ruta, 1, motivo)
    return documento


def leer_declaracion(fichero: Path, ruta: str) -> Declaracion:
    """``lienzo.yml`` y los ficheros que incluye, reunidos en un documento."""
    principal = leer_uno(fichero, ruta)
    incluidos = principal.valores.get(CLAVE)
    if incluidos is None:
        return Declaracion(principal)
    linea = principal.linea(CLAVE) + 1
    if not isinstance(incluidos, list) or not all(isinstance(n, str) for n in incluidos):
        raise ErrorDeclaracion(
            ruta, linea, "«incluir» es una lista de ficheros .yml, p. ej. [tablas.yml]"
        )
    reunida = Declaracion(
        Documento(dict(principal.valores), dict(principal.lineas), dict(principal.anidadas))
    )
    carpeta = fichero.parent.resolve()
    for nombre in incluidos:
        otro = fichero.parent / nombre
        if otro.suffix not in (".yml", ".yaml") or not otro.resolve().is_relative_to(carpeta):
            raise ErrorDeclaracion(
                ruta, linea, f"«{nombre}» no es un fichero .yml de la carpeta del Lienzo"
            )
        if not otro.is_file():
            raise ErrorDeclaracion(ruta, linea, f"no existe «{nombre}» junto a {fichero.name}")
        ruta_otro = (Path(ruta).parent / nombre).as_posix()
        _juntar(reunida, leer_uno(otro, ruta_otro, VACIO_INCLUIDO), ruta_otro, ruta)
    return reunida


def _juntar(reunida: Declaracion, otro: Documento, ruta: str, principal: str) -> None:
    documento = reunida.documento
    for clave, valor in otro.valores.items():
        linea = otro.linea(clave) + 1
        if clave in SOLO_EN_LA_PRINCIPAL:
            raise ErrorDeclaracion(ruta, linea, f"«{clave}» solo puede ir en {principal}")
        if clave not in documento.valores:
            documento.valores[clave] = valor
            documento.lineas[clave] = otro.lineas[clave]
            documento.anidadas.update({k: v for k, v in otro.anidadas.items() if k[0] == clave})
            reunida.rutas[(clave, None)] = ruta
            continue
        antes = documento.valores[clave]
        donde = f"{reunida.ruta(clave, None, principal)}:{documento.linea(clave) + 1}"
        if not isinstance(antes, dict) or not isinstance(valor, dict):
            raise ErrorDeclaracion(
                ruta,
                linea,
                f"«{clave}» ya está en {donde}; solo se reparten entre ficheros las claves que "
                "son mapas (tablas, tablas_nuevas, reglas, parametros, nombres)",
            )
        _juntar_mapa(reunida, otro, clave, valor, ruta, principal)


def _juntar_mapa(
    reunida: Declaracion,
    otro: Documento,
    clave: str,
    valor: dict[str, Any],
    ruta: str,
    principal: str,
) -> None:
    documento = reunida.documento
    antes = documento.valores[clave] = dict(documento.valores[clave])
    for sub, dato in valor.items():
        linea = otro.linea(clave, str(sub))
        if sub in antes:
            donde = reunida.ruta(clave, str(sub), principal)
            raise ErrorDeclaracion(
                ruta,
                linea + 1,
                f"«{clave}.{sub}» ya está en {donde}:{documento.linea(clave, str(sub)) + 1}",
            )
        antes[sub] = dato
        documento.anidadas[(clave, str(sub))] = linea
        reunida.rutas[(clave, str(sub))] = ruta
