"""Los identificadores estables de las secciones: declarados una vez y nunca reutilizados.

Cada encabezado del libro declara el suyo en el Markdown (``## Posturas {#posturas}``):
es el ancla del sitio, la de la API (``api/v1/``) y la que un enlace puede dar por buena
aunque la sección cambie de título o de sitio. El registro ``identificadores.yml`` (junto a
``tapiz.yml``) guarda, por página, cada identificador con el primer título que tuvo; así
un identificador que pasa a otra sección se detecta. Un identificador nuevo se registra
con ``tapiz identificadores``; el registro nunca olvida uno (si la sección se quita, su
identificador sigue reservado). Sin registro en el proyecto, no se comprueba nada.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml

from mkdocs_plugins.nucleo import api_textos
from mkdocs_plugins.nucleo.configuracion import Configuracion, ErrorConfiguracion
from mkdocs_plugins.nucleo.estructura import Estructura, Seccion
from mkdocs_plugins.nucleo.problemas import Problema

FICHERO = "identificadores.yml"
CABECERA = (
    "# Identificadores estables de las secciones del libro: por página, cada identificador con\n"
    "# el primer título que tuvo. Los añade «uv run tapiz identificadores»; no se borran ni se\n"
    "# reutilizan. Si una sección solo cambia de título, cambia aquí también su título.\n"
)
Registro = dict[str, dict[str, str]]
_CARGADOR = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""El de libyaml si está (lo mismo que ``safe_load``, siete veces más deprisa)."""


class ErrorRegistro(ErrorConfiguracion):
    """``identificadores.yml`` mal escrito."""


def del_proyecto(configuracion: Configuracion) -> Registro | None:
    return leer(configuracion.raiz / FICHERO)


def clave(configuracion: Configuracion, fichero: Path) -> str | None:
    """La clave de una página en el registro (``posturas.md``); None si no es del libro."""
    try:
        return fichero.resolve().relative_to(configuracion.paginas).as_posix()
    except ValueError:
        return None


def leer(fichero: Path) -> Registro | None:
    """El registro del proyecto, o None si no tiene."""
    if not fichero.is_file():
        return None
    try:
        datos = yaml.load(fichero.read_text("utf-8"), Loader=_CARGADOR) or {}
    except yaml.YAMLError as error:
        raise ErrorRegistro(f"{FICHERO}:1: YAML no válido: {error}") from None
    if not isinstance(datos, dict) or not all(isinstance(v, dict) for v in datos.values()):
        raise ErrorRegistro(f"{FICHERO}:1: debe ser «página: {{identificador: título}}»")
    return {str(p): {str(i): str(t) for i, t in ids.items()} for p, ids in datos.items()}


def escribir(fichero: Path, registro: Registro) -> None:
    cuerpo = yaml.safe_dump(
        {p: registro[p] for p in sorted(registro)}, allow_unicode=True, sort_keys=False
    )
    fichero.write_text(CABECERA + cuerpo, "utf-8")


def comprobar(ruta: str, pagina: str, leida: Estructura, registro: Registro) -> list[Problema]:
    """Encabezados sin identificador, identificadores repetidos, nuevos o reutilizados.

    ``ruta`` es como se nombra la página en los mensajes (``srd/posturas.md``); ``pagina``,
    su clave en el registro (``posturas.md``).
    """
    problemas: list[Problema] = []
    vistos: dict[str, int] = {}
    registrados = registro.get(pagina, {})
    for seccion in leida.todas():
        identificador = seccion.identificador
        mensaje = _sin_el_suyo(seccion, vistos)
        if mensaje or identificador is None:
            pass
        elif identificador not in registrados:
            mensaje = (
                f"el identificador «{identificador}» es nuevo: regístralo con "
                f"«uv run tapiz identificadores» (lo añade a {FICHERO})"
            )
        elif registrados[identificador] != seccion.titulo:
            mensaje = (
                f"el identificador «{identificador}» era el de la sección "
                f"«{registrados[identificador]}», no el de «{seccion.titulo}»: si es la misma "
                f"sección con otro título, cambia el título en {FICHERO}; si es otra, dale "
                "un identificador nuevo"
            )
        if identificador is not None:
            vistos.setdefault(identificador, seccion.inicio)
        if mensaje:
            problemas.append(Problema(ruta, seccion.inicio, mensaje))
    return problemas


def _sin_el_suyo(seccion: Seccion, vistos: dict[str, int]) -> str:
    """Por qué la sección no tiene un identificador propio («» si lo tiene)."""
    if seccion.identificador is None:
        return (
            f"el encabezado «{seccion.titulo}» no declara su identificador: añade "
            "{#identificador} al final de la línea (el ancla con que se enlaza)"
        )
    if not api_textos.ID.fullmatch(seccion.identificador):
        return (
            f"el identificador «{seccion.identificador}» no está escrito como los demás: "
            "minúsculas sin tildes, cifras y guiones («consecuencias-menores»)"
        )
    if seccion.identificador in vistos:
        return (
            f"el identificador «{seccion.identificador}» ya lo usa el encabezado de la línea "
            f"{vistos[seccion.identificador]}: cada sección necesita el suyo"
        )
    return ""


def sin_identificador(leida: Estructura) -> list[str]:
    """«línea: mensaje» por cada sección sin identificador o con uno repetido en su página:
    un error para toda orden que publique o compruebe la página, con registro o sin él."""
    vistos: dict[str, int] = {}
    problemas = []
    for seccion in leida.todas():
        if mensaje := _sin_el_suyo(seccion, vistos):
            problemas.append(f"{seccion.inicio}: {mensaje}")
        if seccion.identificador is not None:
            vistos.setdefault(seccion.identificador, seccion.inicio)
    return problemas


def registrar(registro: Registro, paginas: Iterable[tuple[str, Estructura]]) -> list[str]:
    """Añade al registro los identificadores nuevos (no cambia los que ya están); cuáles."""
    nuevos = []
    for pagina, leida in paginas:
        registrados = registro.setdefault(pagina, {})
        for seccion in leida.todas():
            if seccion.identificador and seccion.identificador not in registrados:
                registrados[seccion.identificador] = seccion.titulo
                nuevos.append(f"{pagina}#{seccion.identificador}")
    return nuevos
