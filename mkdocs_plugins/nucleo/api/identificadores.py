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
sin identificador y uno repetido. Sin registro, lo que fue un identificador lo dice git: la
página en la última versión publicada (o, sin ninguna, en el último commit); un ejemplo que
ahora es de otra regla, o con otro título y otras entradas, o una sección que ahora es un
ejemplo (o al revés), es un identificador reutilizado.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from mkdocs_plugins.nucleo.api import api_textos
from mkdocs_plugins.nucleo.fuente import estructura, version
from mkdocs_plugins.nucleo.fuente.bloques import separar_front_matter
from mkdocs_plugins.nucleo.fuente.configuracion import Configuracion, ErrorConfiguracion
from mkdocs_plugins.nucleo.fuente.estructura import Estructura
from mkdocs_plugins.nucleo.fuente.problemas import Problema
from tapiz_rules.errores import ErrorTapiz

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


def del_proyecto(configuracion: Configuracion) -> Referencia | None:
    """El registro del proyecto o, sin él, lo que eran sus identificadores según git (None
    fuera de git)."""
    return leer(configuracion.raiz / FICHERO) or de_git(configuracion)


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
    """Lo que declara un identificador en una página: una sección o un ejemplo resuelto (con
    su regla y sus entradas, en JSON)."""

    identificador: str | None
    titulo: str
    linea: int
    es_seccion: bool = True
    regla: str = ""
    entradas: str = ""

    def es_otro(self, antes: Declarado) -> bool:
        """Si lo que declara ahora su identificador es otra cosa que lo que declaraba
        ``antes``: otra clase, o un ejemplo de otra regla o con otro título y otras entradas."""
        if self.es_seccion != antes.es_seccion:
            return True
        if self.es_seccion:
            return False
        mismo = self.titulo == antes.titulo or self.entradas == antes.entradas
        return self.regla != antes.regla or not mismo

    @property
    def nombre(self) -> str:
        """Cómo se nombra en un mensaje: el encabezado «Posturas», el ejemplo «…»."""
        if not self.titulo:
            return "el ejemplo sin título"
        return f"{'el encabezado' if self.es_seccion else 'el ejemplo'} «{self.titulo}»"


@dataclass(frozen=True)
class Anteriores:
    """Sin registro: por página, lo que declaraba cada identificador en ``revision``."""

    revision: str
    """Cómo se nombra en un mensaje: «la versión 0.2.0», «el último commit»."""
    paginas: dict[str, dict[str, Declarado]]


Referencia = Registro | Anteriores


def declarados(leida: Estructura) -> list[Declarado]:
    """Las secciones y los ejemplos de una página, en el orden del fichero.

    Comparten el espacio de identificadores de su página: un ejemplo no puede llamarse como
    una sección (los dos se enlazan como ``posturas/#id``)."""
    secciones = [Declarado(s.identificador, s.titulo, s.inicio) for s in leida.todas()]
    ejemplos = [
        _ejemplo(v.identificador, v.inicio, *_de_ejemplo(v.cuerpo))
        for v in leida.vallas
        if v.lenguaje == EJEMPLO
    ]
    return sorted([*secciones, *ejemplos], key=lambda d: d.linea)


def _ejemplo(
    identificador: str | None, linea: int, titulo: str, regla: str, entradas: str
) -> Declarado:
    return Declarado(identificador, titulo, linea, False, regla, entradas)


@lru_cache(maxsize=1024)
def _de_ejemplo(cuerpo: str) -> tuple[str, str, str]:
    """Título, regla y entradas (JSON) de un ejemplo resuelto."""
    try:
        datos = yaml.load(cuerpo, Loader=_CARGADOR)
    except (yaml.YAMLError, ValueError, RecursionError):  # el error lo da el ejemplo mismo
        return "", "", ""
    if not isinstance(datos, dict):
        return "", "", ""
    entradas = json.dumps(datos.get("entradas"), sort_keys=True, default=str)
    return str(datos.get("titulo") or ""), str(datos.get("regla") or ""), entradas


def comprobar(
    ruta: str, pagina: str, leida: Estructura, registro: Referencia | None
) -> list[Problema]:
    """Secciones y ejemplos sin identificador, identificadores repetidos y, con registro,
    nuevos o reutilizados; sin él, reutilizados según git (``Anteriores``).

    ``ruta`` es como se nombra la página en los mensajes (``srd/posturas.md``); ``pagina``,
    su clave en el registro (``posturas.md``).
    """
    problemas: list[Problema] = []
    vistos: dict[str, Declarado] = {}
    registrados = registro.get(pagina, {}) if isinstance(registro, dict) else {}
    for declarado in declarados(leida):
        identificador = declarado.identificador
        mensaje = _sin_el_suyo(declarado, vistos)
        if mensaje or identificador is None or registro is None:
            pass
        elif isinstance(registro, Anteriores):
            mensaje = _reutilizado(declarado, identificador, registro, pagina)
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


def _reutilizado(
    declarado: Declarado, identificador: str, anteriores: Anteriores, pagina: str
) -> str:
    antes = anteriores.paginas.get(pagina, {}).get(identificador)
    if antes is None or not declarado.es_otro(antes):
        return ""
    mismo = "la misma sección" if declarado.es_seccion else "el mismo ejemplo"
    return (
        f"el identificador «{identificador}» era el d{antes.nombre} en {anteriores.revision} "
        f"y ahora es el d{declarado.nombre}: quien lo guardó llegaría a otra cosa; dale "
        f"uno nuevo. Si es {mismo}, guarda los identificadores de ahora con «uv run tapiz "
        f"identificadores» y haz commit de {FICHERO}"
    )


def de_git(configuracion: Configuracion) -> Anteriores | None:
    """Lo que declaraba cada identificador en la última versión publicada o, sin ninguna, en
    el último commit (dos órdenes de git); None fuera de git o sin páginas en esa revisión."""
    raiz = configuracion.raiz
    try:
        publicada = version.publicada(raiz)
    except ErrorTapiz:  # un clon sin historia: el último commit
        publicada = version.Version(None, None, None)
    revision = publicada.commit or "HEAD"
    try:
        carpeta = configuracion.paginas.resolve().relative_to(raiz.resolve()).as_posix()
        listado = _git(
            raiz, b"", "ls-tree", "-r", "-z", "--full-name", "--name-only", revision, "--", carpeta
        )
        base = _git(raiz, b"", "rev-parse", "--show-prefix").decode().strip()
    except (ValueError, OSError, subprocess.SubprocessError):
        return None
    nombres = [n for n in listado.decode("utf-8", "replace").split("\0") if n.endswith(".md")]
    if not nombres:
        return None
    pedidos = "".join(f"{revision}:{n}\n" for n in nombres).encode()
    try:
        contenidos = _blobs(_git(raiz, pedidos, "cat-file", "--batch"))
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    base += "" if carpeta == "." else f"{carpeta}/"
    paginas = {}
    for nombre, contenido in zip(nombres, contenidos, strict=True):
        markdown, _ = separar_front_matter(contenido.decode("utf-8", "replace"))
        leida = estructura.leer(markdown)
        paginas[nombre.removeprefix(base)] = {
            d.identificador: d for d in declarados(leida) if d.identificador
        }
    cual = f"la versión {publicada.version}" if publicada.commit else "el último commit"
    return Anteriores(cual, paginas)


def _git(raiz: Path, entrada: bytes, *orden: str) -> bytes:
    hecho = subprocess.run(
        ["git", "-C", str(raiz), *orden], input=entrada, capture_output=True, timeout=60, check=True
    )
    return hecho.stdout


def _blobs(salida: bytes) -> list[bytes]:
    """Los contenidos que da ``git cat-file --batch``: cabecera «sha blob tamaño» y el fichero."""
    contenidos, posicion = [], 0
    while posicion < len(salida):
        fin = salida.index(b"\n", posicion)
        tamano = int(salida[posicion:fin].split()[2])
        contenidos.append(salida[fin + 1 : fin + 1 + tamano])
        posicion = fin + 1 + tamano + 1
    return contenidos
