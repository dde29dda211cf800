"""YAML con la línea de cada clave, para que un error señale «fichero:línea».

Lo usan las declaraciones de Lienzo y las vallas del libro: el mismo cargador,
los mismos mensajes en español, y las claves repetidas son un error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml

TRADUCCIONES = {
    "mapping values are not allowed here": "no se admite «:» aquí (¿faltan unas comillas?)",
    "mapping values are not allowed in this context": "no se admite «:» aquí (¿sobra sangría?)",
    "could not find expected ':'": "falta «:» tras la clave",
    "found character '\\t' that cannot start any token": "hay un tabulador; usa espacios",
    "found character that cannot start any token": "hay un carácter que no puede empezar un valor",
    "expected <block end>, but found '<block mapping start>'": "la sangría no es coherente",
    "expected <block end>, but found '<block sequence start>'": "la sangría no es coherente",
    "expected <block end>, but found '-'": "la sangría no es coherente",
    "did not find expected key": "la sangría no es coherente",
    "did not find expected '-' indicator": "la sangría no es coherente",
    "found unexpected end of stream": "el texto acaba antes de tiempo (¿comillas sin cerrar?)",
    "found undefined alias": "alias sin definir",
    "found unknown escape character": "secuencia de escape desconocida entre comillas",
    "expected ',' or '}', but got '<scalar>'": "falta «,» o «}» en un mapa entre llaves",
    "expected ',' or ']', but got '<scalar>'": "falta «,» o «]» en una lista entre corchetes",
    "expected a comment or a line break, but found '<scalar>'": "sobra texto tras un valor",
    "while scanning a simple key": "una clave sin «:»",
    "while parsing a block mapping": "la sangría no es coherente",
    "while parsing a flow mapping": "un mapa entre llaves mal cerrado",
}


MAX_CARACTERES = 50_000
"""Lo más largo que se lee de una vez (una valla, un ``lienzo.yml``): cualquiera del libro
ocupa menos de 2.000."""
MAX_CIFRAS = 30
"""Un entero con más cifras es una errata (y Python no convierte los de más de 4.300)."""


_SALTOS_RAROS = str.maketrans("\x85\u2028\u2029", "   ")
"""YAML corta la línea en NEL, LS y PS; un editor no: con un espacio (lo mismo que YAML
haría al plegar la línea), cada error cae en la línea que se ve."""


class ErrorYaml(ValueError):
    """YAML ilegible o con claves repetidas; ``linea`` cuenta desde 0 dentro del texto."""

    def __init__(self, mensaje: str, linea: int | None) -> None:
        super().__init__(mensaje)
        self.linea = linea


@dataclass(frozen=True)
class Documento:
    """Un mapa YAML: sus valores y la línea (desde 0) de cada clave y subclave."""

    valores: dict[str, Any]
    lineas: dict[str, int] = field(default_factory=dict)
    anidadas: dict[tuple[str, str], int] = field(default_factory=dict)
    """La línea de cada subclave de un mapa y de cada elemento de una lista: (clave, nombre)."""

    def linea(self, clave: str, subclave: str | None = None, por_defecto: int = 0) -> int:
        if subclave is not None and (clave, subclave) in self.anidadas:
            return self.anidadas[(clave, subclave)]
        return self.lineas.get(clave, por_defecto)


def tipo_yaml(valor: Any) -> str:
    """Cómo se llama en YAML lo que se escribió: «un número (12)», «una lista»…"""
    if isinstance(valor, bool):
        return f"un sí/no ({'true' if valor else 'false'})"
    if isinstance(valor, int | float):
        return f"un número ({valor})"
    if isinstance(valor, str):
        return f"un texto («{valor:.40}»)"
    if isinstance(valor, list):
        return "una lista"
    if isinstance(valor, dict):
        return "un mapa"
    return "un valor vacío" if valor is None else f"un {type(valor).__name__}"


def traducir(error: yaml.MarkedYAMLError) -> str:
    problema = str(error.problem or error.context or "error de sintaxis")
    if problema in TRADUCCIONES:
        return TRADUCCIONES[problema]
    for ingles, espanol in TRADUCCIONES.items():
        if problema.startswith(ingles.split(",")[0]):
            return espanol
    return f"error de sintaxis ({problema})"


def cargar_mapa(
    texto: str, maximo: int = MAX_CARACTERES, consejo: str = "divídelo en varios"
) -> Documento | None:
    """El mapa del texto (None si está vacío o no es un mapa); ErrorYaml si no se lee.

    ``consejo``: qué hacer si es demasiado largo (una valla no se divide como un Lienzo).

    Sin alias (``*nombre``): unos cientos de bytes de alias anidados se expanden a
    gigabytes en cuanto alguien recorre los valores. PyYAML se importa aquí y no con el
    módulo: el motor, en la página del lector (Pyodide), recibe las declaraciones ya
    leídas y no tiene PyYAML. Con libyaml, su cargador en C: el mismo YAML, más rápido.
    """
    import yaml

    if len(texto) > maximo:
        largo = f"ocupa {len(texto):,} caracteres y el máximo es {maximo:,}".replace(",", ".")
        raise ErrorYaml(f"{largo}; {consejo}", None)
    cargador = _cargador(texto)
    try:
        nodo = cargador.get_single_node()
        if nodo is not None:
            _sin_alias_ni_enormes(nodo)
        valores = cargador.construct_document(nodo) if nodo is not None else None
    except yaml.MarkedYAMLError as error:
        marca = error.problem_mark or error.context_mark
        # El final del texto cuenta como una línea más: se señala la última que hay.
        linea = min(marca.line, texto.count("\n")) if marca is not None else None
        raise ErrorYaml(traducir(error), linea) from None
    except yaml.YAMLError as error:
        raise ErrorYaml(f"YAML no válido ({error})", None) from None
    finally:
        cargador.dispose()
    if not isinstance(nodo, yaml.MappingNode) or not isinstance(valores, dict):
        return None
    lineas, anidadas = _lineas(nodo)
    return Documento({str(k): v for k, v in valores.items()}, lineas, anidadas)


def esta_vacio(texto: str) -> bool:
    """Si el texto no tiene documento (solo espacios o comentarios), leído como en
    :func:`cargar_mapa`: con libyaml, «clave\t» es un texto suelto, no un error."""
    import yaml

    cargador = _cargador(texto)
    try:
        return cargador.get_single_node() is None
    except yaml.YAMLError:
        return False
    finally:
        cargador.dispose()


def _cargador(texto: str) -> yaml.SafeLoader:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)(texto.translate(_SALTOS_RAROS))


def _sin_alias_ni_enormes(raiz: yaml.Node) -> None:
    """Recorre los nodos en el orden del texto: uno ya visto es un alias (su ancla va antes)."""
    import yaml

    vistos: set[int] = set()
    pendientes: list[tuple[yaml.Node, int]] = [(raiz, raiz.start_mark.line)]
    while pendientes:
        nodo, linea = pendientes.pop()
        if id(nodo) in vistos:
            raise ErrorYaml(
                "no se admiten alias de YAML («*nombre»); escribe el valor entero", linea
            )
        vistos.add(id(nodo))
        if isinstance(nodo, yaml.ScalarNode):
            if nodo.tag.endswith(":int") and len(nodo.value) > MAX_CIFRAS:
                raise ErrorYaml(
                    f"el número «{nodo.value[:10]}…» tiene {len(nodo.value):,} cifras".replace(
                        ",", "."
                    ),
                    nodo.start_mark.line,
                )
        elif isinstance(nodo, yaml.SequenceNode):
            pendientes.extend((hijo, linea) for hijo in reversed(nodo.value))
        elif isinstance(nodo, yaml.MappingNode):
            for clave, valor in reversed(nodo.value):
                pendientes.append((valor, clave.start_mark.line))
                pendientes.append((clave, clave.start_mark.line))


def _lineas(nodo: yaml.MappingNode) -> tuple[dict[str, int], dict[tuple[str, str], int]]:
    import yaml

    lineas: dict[str, int] = {}
    anidadas: dict[tuple[str, str], int] = {}
    for clave, valor in nodo.value:
        nombre = str(clave.value)
        if nombre in lineas:
            raise ErrorYaml(f"la clave «{nombre}» está repetida", clave.start_mark.line)
        lineas[nombre] = clave.start_mark.line
        if isinstance(valor, yaml.MappingNode):
            for subclave, _ in valor.value:
                par = (nombre, str(subclave.value))
                if par in anidadas:
                    raise ErrorYaml(
                        f"la clave «{par[1]}» está repetida en «{nombre}»", subclave.start_mark.line
                    )
                anidadas[par] = subclave.start_mark.line
        if isinstance(valor, yaml.SequenceNode):
            for elemento in valor.value:
                if isinstance(elemento, yaml.ScalarNode):
                    anidadas.setdefault((nombre, str(elemento.value)), elemento.start_mark.line)
    return lineas, anidadas
