"""Los esquemas JSON (draft 2020-12) de cada tipo de fichero de la API, publicados con ella.

Son estrictos (``additionalProperties: false``): una clave nueva o con otra grafía no valida.
"""

from __future__ import annotations

from typing import Any

from mkdocs_plugins.nucleo.api.api_textos import ID as _GRAFIA

BORRADOR = "https://json-schema.org/draft/2020-12/schema"
ID = f"^{_GRAFIA.pattern}$"
"""La grafía de los identificadores: minúsculas, cifras y guiones."""
_TEXTO = {"type": "string"}
_QUIZA_TEXTO = {"type": ["string", "null"]}
_ID = {"type": "string", "pattern": ID}
_ID_DE_PAGINA = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$"}
_ENLACE = {"type": "string", "pattern": "^(?![a-z]+:|/)[^\\s]+\\.json$"}
_URL = {"type": "string", "pattern": "^(?![a-z]+:|/)[^\\s]*$"}
_ENTERO = {"type": "integer"}
_SI_NO = {"type": "boolean"}
_CLAVE = {"type": "string", "pattern": "^[a-z][a-z0-9]*(_[a-z0-9]+)*$"}
"""La clave de una entrada o salida: como la escribe el motor, en minúsculas con «_»."""


def _objeto(propiedades: dict[str, Any], *opcionales: str) -> dict[str, Any]:
    return {
        "type": "object",
        "required": [p for p in propiedades if p not in opcionales],
        "properties": propiedades,
        "additionalProperties": False,
    }


def _lista(elemento: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": elemento}


_CABECERA = {"$schema": _TEXTO, "$id": _TEXTO, "licencia": {"$ref": "#/$defs/licencia"}}
_LICENCIA = _objeto({"id": _ID, "titulo": _TEXTO, "url": _TEXTO, "atribucion": _TEXTO})
_RESUMEN = _objeto({"id": _ID, "titulo": _TEXTO, "enlace": _ENLACE})
_REF = _objeto({"id": _ID, "sistema": _ID, "enlace": _ENLACE})
_REF_SECCION = _objeto({"id": _ID, "titulo": _TEXTO, "enlace": _ENLACE})
_CITA = _objeto(
    {"id": _ID, "pagina": _ID_DE_PAGINA, "titulo": _TEXTO, "url": _URL, "enlace": _ENLACE}
)
_VARIANTE = _objeto({"id": _ID, "titulo": _TEXTO})
_CAMPO = _objeto(
    {
        "clave": _CLAVE,
        "etiqueta": _TEXTO,
        "descripcion": _TEXTO,
        "tipo": {"enum": ["integer", "number", "boolean", "string", "array"]},
        "unidad": _QUIZA_TEXTO,
        "unidad_de": _CLAVE,
        "formato": _TEXTO,
        "obligatorio": _SI_NO,
        "admite_nulo": _SI_NO,
        "esquema": {"type": "object"},
        "por_defecto": {},
        "opciones": _lista(_objeto({"valor": {}, "etiqueta": _TEXTO})),
        "minimo": {"type": "number"},
        "maximo": {"type": "number"},
        "elementos": {"enum": ["integer", "number", "boolean", "string"]},
        "longitud": _objeto({"minimo": _ENTERO, "maximo": _ENTERO}),
        "segun": _objeto(
            {
                "entrada": _CLAVE,
                "casos": _lista(
                    _objeto(
                        {"valor": {}, "minimo": {"type": "number"}, "maximo": {"type": "number"}},
                        "minimo",
                        "maximo",
                    )
                ),
                "descripcion": _TEXTO,
            },
            "casos",
            "descripcion",
        ),
        "solo_con": _objeto({"entrada": _CLAVE, "valor": {}}),
    },
    "por_defecto",
    "unidad_de",
    "opciones",
    "minimo",
    "maximo",
    "elementos",
    "longitud",
    "segun",
    "solo_con",
)
_DE_UNA_REGLA_O_TABLA: dict[str, Any] = {
    "id": _ID,
    "sistema": _ID,
    "lienzo": {"anyOf": [_ID, {"type": "null"}]},
    "titulo": _TEXTO,
    "descripcion": _TEXTO,
    "enlace": _ENLACE,
    "url": {"type": ["string", "null"]},
}
"""Lo que dicen de sí una regla y una tabla: quién es, de qué sistema o Lienzo, y dónde está."""
_REGLA = _objeto(
    {
        **_DE_UNA_REGLA_O_TABLA,
        "entradas": _lista(_CAMPO),
        "salidas": _lista(_CAMPO),
        "secciones": _lista(_CITA),
        "tablas": _lista(_REF),
    }
)
_TABLA = _objeto(
    {
        **_DE_UNA_REGLA_O_TABLA,
        "columnas": _lista(_TEXTO),
        "filas": _lista({"type": "array"}),
        "notas": _lista(_TEXTO),
        "secciones": _lista(_CITA),
    }
)
_SECCION = _objeto(
    {
        "id": _ID,
        "titulo": _TEXTO,
        "pagina": _ID_DE_PAGINA,
        "sistema": _ID,
        "nivel": {"type": "integer", "minimum": 1, "maximum": 6},
        "url": _URL,
        "enlace": _ENLACE,
        "padre": {"anyOf": [_REF_SECCION, {"type": "null"}]},
        "subsecciones": _lista(_REF_SECCION),
        "fuente": _TEXTO,
        "lineas": {"type": "array", "items": _ENTERO, "minItems": 2, "maxItems": 2},
        "markdown": _TEXTO,
        "html": _TEXTO,
        "pendiente": _SI_NO,
        "reglas": _lista(_REF),
        "tablas": _lista(_REF),
        "ejemplos": _lista(_RESUMEN),
    }
)
_EJEMPLO = _objeto(
    {
        "id": _ID,
        "titulo": _TEXTO,
        "pagina": _ID_DE_PAGINA,
        "seccion": {"type": ["string", "null"]},
        "url": _URL,
        "enlace": _ENLACE,
        "fuente": _TEXTO,
        "linea": _ENTERO,
        "sistema": _ID,
        "edicion": _ID,
        "opcionales": _lista(_VARIANTE),
        "lienzo": {"anyOf": [_ID, {"type": "null"}]},
        "regla": _REF,
        "entradas": {"type": "object"},
        "dados": {"type": "object", "additionalProperties": _TEXTO},
        "espera": {"type": "object"},
    }
)
_DEFS = {"licencia": _LICENCIA, "campo": _CAMPO}

ESQUEMAS: dict[str, dict[str, Any]] = {
    "indice": _objeto(
        {
            **_CABECERA,
            "api": {"const": "v1"},
            "version": _QUIZA_TEXTO,
            "publicada": _objeto({"fecha": _QUIZA_TEXTO, "commit": _QUIZA_TEXTO}),
            "fecha": _QUIZA_TEXTO,
            "commit": _QUIZA_TEXTO,
            "base": _TEXTO,
            "resolver": _TEXTO,
            "sistemas": _lista(_RESUMEN),
            "lienzos": _lista(
                _objeto({"id": _ID, "sistema": _ID, "titulo": _TEXTO, "enlace": _ENLACE})
            ),
            "paginas": _lista(
                _objeto({"id": _ID_DE_PAGINA, "url": _URL, "titulo": _TEXTO, "enlace": _ENLACE})
            ),
            "reglas": _lista(
                _objeto({"id": _ID, "sistema": _ID, "titulo": _TEXTO, "enlace": _ENLACE})
            ),
            "tablas": _lista(
                _objeto({"id": _ID, "sistema": _ID, "titulo": _TEXTO, "enlace": _ENLACE})
            ),
            "ejemplos_resueltos": _objeto({"titulo": _TEXTO, "enlace": _ENLACE}),
            "modulo": {"anyOf": [{"type": "null"}, _objeto({"titulo": _TEXTO, "url": _URL})]},
            "cambios": _objeto({"titulo": _TEXTO, "url": _URL}),
            "esquemas": _lista(_objeto({"id": _ID, "enlace": _ENLACE})),
        }
    ),
    "sistema": _objeto(
        {
            **_CABECERA,
            "id": _ID,
            "titulo": _TEXTO,
            "enlace": _ENLACE,
            "edicion": _ID,
            "ediciones": _lista(_VARIANTE),
            "opcionales": _lista(_VARIANTE),
            "parametros": {"type": "object"},
            "reglas": _lista(_REGLA),
            "tablas": _lista(_TABLA),
        }
    ),
    "lienzo": _objeto(
        {
            **_CABECERA,
            "id": _ID,
            "titulo": _TEXTO,
            "enlace": _ENLACE,
            "descripcion": _TEXTO,
            "sistema": _ID,
            "edicion": _ID,
            "opcionales": _lista(_VARIANTE),
            "cambia": _lista(_TEXTO),
            "parametros": {"type": "object"},
            "reglas": _lista(_REGLA),
            "tablas": _lista(_TABLA),
        }
    ),
    "regla": {**_REGLA, "properties": {**_CABECERA, **_REGLA["properties"]}},
    "tabla": {**_TABLA, "properties": {**_CABECERA, **_TABLA["properties"]}},
    "seccion": {**_SECCION, "properties": {**_CABECERA, **_SECCION["properties"]}},
    "pagina": _objeto(
        {
            **_CABECERA,
            "id": _ID_DE_PAGINA,
            "titulo": _TEXTO,
            "url": _URL,
            "enlace": _ENLACE,
            "fuente": _TEXTO,
            "sistema": _ID,
            "lienzo": {"anyOf": [_ID, {"type": "null"}]},
            "secciones": _lista(_SECCION),
        }
    ),
    "ejemplos": _objeto({**_CABECERA, "ejemplos": _lista(_EJEMPLO)}),
}


def esquema(tipo: str, base: str = "") -> dict[str, Any]:
    """El esquema de un tipo de fichero, con su dirección (``$id``) en el sitio."""
    return {
        "$schema": BORRADOR,
        "$id": f"{base}api/v1/schemas/{tipo}.json",
        "title": tipo,
        **ESQUEMAS[tipo],
        "$defs": _DEFS,
    }
