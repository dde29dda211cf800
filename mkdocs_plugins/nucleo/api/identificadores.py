"""Los identificadores estables de secciones y ejemplos: declarados una vez y nunca reutilizados.

Cada encabezado del libro declara el suyo en el Markdown (``## Posturas {#posturas}``), y
cada ejemplo resuelto en la cabecera de su bloque (``tapiz-ejemplo {#postura-normal}``): el
de una sección es su ancla en el sitio y en la API (``api/v1/``), el de un ejemplo su ``id`` en
``ejemplos.json`` y en ``tapiz cambios --json``, y un enlace puede darlos por buenos aunque
cambien de título o de sitio. El registro ``identificadores.yml`` (junto a
``tapiz.yml``) guarda, por página, cada identificador con el primer título que tuvo; así
un identificador que pasa a otra sección se detecta. Un identificador nuevo se registra
con ``tapiz identificadores``; el registro nunca olvida uno (si la sección se quita, su
identificador sigue reservado). Con registro o sin él, toda orden que lee una página (la
construcción, pytest, ``tapiz comprobar``, ``tapiz exportar``) rechaza una sección o un ejemplo
sin identificador y uno repetido; lo que un identificador fue antes solo lo sabe el registro.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from mkdocs_plugins.nucleo.api import api_textos
from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion, ErrorConfiguracion
from mkdocs_plugins.nucleo.fuente.estructura import Estructura
from mkdocs_plugins.nucleo.fuente.problemas import Problema

FICHERO = "identificadores.yml"
CABECERA = (
    "# Identificadores estables de las secciones del libro: por página, cada identificador con\n"
    "# el primer título que tuvo. Los añade «uv run tapiz identificadores»; no se borran ni se\n"
    "# reutilizan. Si una sección solo cambia de título, cambia aquí también su título.\n"
)
Registro = dict[str, dict[str, str]]
EJEMPLO = "tapiz-ejemplo"
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


@dataclass(frozen=True)
class Declarado:
    """Lo que declara un identificador en una página: una sección o un ejemplo resuelto."""

    identificador: str | None
    titulo: str
    linea: int
    es_seccion: bool = True

    @property
    def nombre(self) -> str:
        """Cómo se nombra en un mensaje: el encabezado «Posturas», el ejemplo «…»."""
        if not self.titulo:
            return "el ejemplo sin título"
        return f"{'el encabezado' if self.es_seccion else 'el ejemplo'} «{self.titulo}»"


def declarados(leida: Estructura) -> list[Declarado]:
    """Las secciones y los ejemplos de una página, en el orden del fichero.

    Comparten el espacio de identificadores de su página: un ejemplo no puede llamarse como
    una sección (los dos se enlazan como ``posturas/#id``)."""
    secciones = [Declarado(s.identificador, s.titulo, s.inicio) for s in leida.todas()]
    ejemplos = [
        Declarado(v.identificador, _titulo(v.cuerpo), v.inicio, es_seccion=False)
        for v in leida.vallas
        if v.lenguaje == EJEMPLO
    ]
    return sorted([*secciones, *ejemplos], key=lambda d: d.linea)


@lru_cache(maxsize=1024)
def _titulo(cuerpo: str) -> str:
    try:
        datos = yaml.load(cuerpo, Loader=_CARGADOR)
    except (yaml.YAMLError, ValueError, RecursionError):  # el error lo da el ejemplo mismo
        return ""
    return str(datos.get("titulo") or "") if isinstance(datos, dict) else ""


def comprobar(
    ruta: str, pagina: str, leida: Estructura, registro: Registro | None
) -> list[Problema]:
    """Secciones y ejemplos sin identificador, identificadores repetidos y, con registro,
    nuevos o reutilizados.

    ``ruta`` es como se nombra la página en los mensajes (``srd/posturas.md``); ``pagina``,
    su clave en el registro (``posturas.md``).
    """
    problemas: list[Problema] = []
    vistos: dict[str, Declarado] = {}
    registrados = (registro or {}).get(pagina, {})
    for declarado in declarados(leida):
        identificador = declarado.identificador
        mensaje = _sin_el_suyo(declarado, vistos)
        if mensaje or identificador is None or registro is None:
            pass
        elif identificador not in registrados:
            mensaje = (
                f"el identificador «{identificador}» es nuevo: regístralo con "
                f"«uv run tapiz identificadores» (lo añade a {FICHERO})"
            )
        elif registrados[identificador] != declarado.titulo:
            otro = (
                "de la sección «{}», no el de «{}»: si es la misma sección con otro título, {}; "
                "si es otra, {}"
                if declarado.es_seccion
                else "del ejemplo «{}», no el de «{}»: si es el mismo ejemplo con otro título, "
                "{}; si es otro, {}"
            )
            mensaje = f"el identificador «{identificador}» era el " + otro.format(
                registrados[identificador],
                declarado.titulo,
                f"cambia el título en {FICHERO}",
                "dale un identificador nuevo",
            )
        if identificador is not None:
            vistos.setdefault(identificador, declarado)
        if mensaje:
            problemas.append(Problema(ruta, declarado.linea, mensaje))
    return problemas


def _sin_el_suyo(declarado: Declarado, vistos: dict[str, Declarado]) -> str:
    """Por qué no tiene un identificador propio («» si lo tiene)."""
    if declarado.identificador is None:
        donde = (
            "al final de la línea"
            if declarado.nombre.startswith("el encabezado")
            else (f"tras «```{EJEMPLO}»")
        )
        return (
            f"{declarado.nombre} no declara su identificador: añade "
            f"{{#identificador}} {donde} (el ancla con que se enlaza)"
        )
    if not api_textos.ID.fullmatch(declarado.identificador):
        return (
            f"el identificador «{declarado.identificador}» no está escrito como los demás: "
            "minúsculas sin tildes, cifras y guiones («consecuencias-menores»)"
        )
    if (antes := vistos.get(declarado.identificador)) is not None:
        cual = "el encabezado" if antes.es_seccion else "el ejemplo"
        clase = "sección" if declarado.es_seccion else "ejemplo"
        return (
            f"el identificador «{declarado.identificador}» ya lo usa {cual} de la línea "
            f"{antes.linea}: cada {clase} necesita el suyo"
        )
    return ""


def sin_identificador(leida: Estructura) -> list[str]:
    """«línea: mensaje» por cada sección o ejemplo sin identificador y cada identificador
    repetido o mal escrito en su página (``comprobar`` sin registro)."""
    return [f"{p.linea}: {p.mensaje}" for p in comprobar("", "", leida, None)]


def registrar(registro: Registro, paginas: Iterable[tuple[str, Estructura]]) -> list[str]:
    """Añade al registro los identificadores nuevos (no cambia los que ya están); cuáles."""
    nuevos = []
    for pagina, leida in paginas:
        registrados = registro.setdefault(pagina, {})
        for declarado in declarados(leida):
            if declarado.identificador and declarado.identificador not in registrados:
                registrados[declarado.identificador] = declarado.titulo
                nuevos.append(f"{pagina}#{declarado.identificador}")
    return nuevos
