"""Los esquemas JSON (draft 2020-12) de cada tipo de fichero de la API, publicados con ella."""

from __future__ import annotations

from typing import Any

BORRADOR = "https://json-schema.org/draft/2020-12/schema"
_TEXTO = {"type": "string"}
_TEXTOS = {"type": "array", "items": _TEXTO}
_ENTERO = {"type": "integer"}
_QUIZA_TEXTO = {"type": ["string", "null"]}


def _objeto(propiedades: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "object", "required": list(propiedades), "properties": propiedades, **extra}


_ENLACE = _objeto({"nombre": _TEXTO, "enlace": _TEXTO}, additionalProperties=True)
_CAMPO = _objeto(
    {"nombre": _TEXTO, "etiqueta": _TEXTO, "tipo": _TEXTO, "formato": _TEXTO},
    additionalProperties=True,
)
_REGLA = _objeto(
    {
        "sistema": _TEXTO,
        "nombre": _TEXTO,
        "tipo": {"const": "regla"},
        "titulo": _TEXTO,
        "seccion": _TEXTO,
        "descripcion": _TEXTO,
        "entradas": {"type": "array", "items": _CAMPO},
        "salidas": {"type": "array", "items": _CAMPO},
    }
)
_TABLA = _objeto(
    {
        "sistema": _TEXTO,
        "nombre": _TEXTO,
        "tipo": {"const": "tabla"},
        "titulo": _TEXTO,
        "columnas": _TEXTOS,
        "filas": {"type": "array", "items": {"type": "array"}},
        "notas": _TEXTOS,
    },
    additionalProperties=True,
)
_VARIANTES = {"type": "array", "items": _objeto({"codigo": _TEXTO, "titulo": _TEXTO})}
_SECCION: dict[str, Any] = _objeto(
    {
        "id": _TEXTO,
        "titulo": _TEXTO,
        "nivel": {"type": "integer", "minimum": 1, "maximum": 6},
        "lineas": {"type": "array", "items": _ENTERO, "minItems": 2, "maxItems": 2},
        "url": _TEXTO,
        "markdown": _TEXTO,
        "html": _TEXTO,
        "pendiente": {"type": "boolean"},
        "reglas": _TEXTOS,
        "tablas": _TEXTOS,
        "ejemplos": _TEXTOS,
        "secciones": {"type": "array", "items": {"$ref": "#/$defs/seccion"}},
    },
    additionalProperties=False,
)
_EJEMPLO = _objeto(
    {
        "id": _TEXTO,
        "titulo": _TEXTO,
        "pagina": _TEXTO,
        "fuente": _TEXTO,
        "linea": _ENTERO,
        "seccion": _QUIZA_TEXTO,
        "url": _TEXTO,
        "sistema": _TEXTO,
        "edicion": _TEXTO,
        "opcionales": _TEXTOS,
        "lienzo": _QUIZA_TEXTO,
        "regla": _TEXTO,
        "entradas": {"type": "object"},
        "dados": {"type": "object", "additionalProperties": _TEXTO},
        "espera": {"type": "object"},
    },
    additionalProperties=False,
)

ESQUEMAS: dict[str, dict[str, Any]] = {
    "indice": _objeto(
        {
            "api": {"const": "v1"},
            "version": _TEXTO,
            "fecha": _QUIZA_TEXTO,
            "commit": _QUIZA_TEXTO,
            "licencia": _objeto({"nombre": _TEXTO, "url": _TEXTO, "atribucion": _TEXTO}),
            "sistemas": {"type": "array", "items": _ENLACE},
            "lienzos": {"type": "array", "items": _ENLACE},
            "paginas": {
                "type": "array",
                "items": _objeto({"pagina": _TEXTO, "titulo": _TEXTO, "enlace": _TEXTO}),
            },
            "ejemplos": _TEXTO,
            "esquemas": {"type": "object", "additionalProperties": _TEXTO},
        },
        additionalProperties=False,
    ),
    "sistema": _objeto(
        {
            "nombre": _TEXTO,
            "titulo": _TEXTO,
            "edicion": _TEXTO,
            "ediciones": _VARIANTES,
            "opcionales": _VARIANTES,
            "parametros": {"type": "object"},
            "reglas": {"type": "array", "items": _REGLA},
            "tablas": {"type": "array", "items": _TABLA},
        },
        additionalProperties=False,
    ),
    "lienzo": _objeto(
        {
            "nombre": _TEXTO,
            "carpeta": {
                "type": "string",
                "description": "La carpeta del Lienzo, relativa a la de las páginas del libro",
                "pattern": "^(?![/\\\\]|[A-Za-z]:)",
            },
            "descripcion": _TEXTO,
            "sistema": _TEXTO,
            "edicion": _TEXTO,
            "opcionales": _TEXTOS,
            "parametros": {"type": "object"},
            "reglas": {"type": "array", "items": _REGLA},
            "tablas": {"type": "array", "items": _TABLA},
        },
        additionalProperties=False,
    ),
    "pagina": _objeto(
        {
            "pagina": _TEXTO,
            "fuente": _TEXTO,
            "titulo": _TEXTO,
            "url": _TEXTO,
            "sistema": _TEXTO,
            "lienzo": _QUIZA_TEXTO,
            "secciones": {"type": "array", "items": {"$ref": "#/$defs/seccion"}},
        },
        additionalProperties=False,
        **{"$defs": {"seccion": _SECCION}},
    ),
    "ejemplos": _objeto(
        {"ejemplos": {"type": "array", "items": _EJEMPLO}}, additionalProperties=False
    ),
}


def esquema(tipo: str) -> dict[str, Any]:
    """El esquema de un tipo de fichero."""
    return {"$schema": BORRADOR, "title": tipo, **ESQUEMAS[tipo]}
