"""Las capas del código, leídas de sus propias importaciones (con ``ast``, sin importar nada).

El motor no conoce el publicador ni ningún framework; ningún sistema importa otro; el
núcleo del publicador no importa MkDocs, Python-Markdown ni pytest, ni a sus adaptadores.
Los adaptadores usan de cada subpaquete del núcleo (y el plugin, del adelanto) solo lo que
exporta su ``__all__``; ni los subpaquetes del núcleo ni los módulos de los Lienzos se
importan en círculo, tampoco solo para los tipos.
"""

from __future__ import annotations

import ast
import functools
import graphlib
import warnings
from collections.abc import Callable, Mapping, Set
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
FRAMEWORKS = ("mkdocs", "markdown", "pymdownx", "material", "pytest", "_pytest", "yaml_env_tag")
ADAPTADORES = tuple(
    f"mkdocs_plugins.{a}" for a in ("extension", "plugin", "pytest_plugin", "herramientas", "cli")
)
SISTEMAS = ("tapiz", "d20", "ratas")
NUCLEO = "mkdocs_plugins.nucleo"
ADELANTO = "mkdocs_plugins.plugin.adelanto"


def importaciones(fuente: str, modulo: str, es_paquete: bool = False) -> set[str]:
    """Los módulos que importa un fichero, en cualquier sitio (también dentro de funciones)."""
    paquete = modulo if es_paquete else modulo.rpartition(".")[0]
    nombres: set[str] = set()
    for nodo in ast.walk(ast.parse(fuente)):
        if isinstance(nodo, ast.Import):
            nombres.update(alias.name for alias in nodo.names)
        elif isinstance(nodo, ast.ImportFrom):
            base = nodo.module or ""
            if nodo.level:
                partes = paquete.split(".")[: len(paquete.split(".")) - nodo.level + 1]
                base = ".".join([*partes, base] if base else partes)
            nombres.add(base)
            nombres.update(f"{base}.{alias.name}" for alias in nodo.names)
    return nombres


def _dentro(nombre: str, prefijos: tuple[str, ...]) -> bool:
    return any(nombre == p or nombre.startswith(p + ".") for p in prefijos)


def prohibidas(modulo: str, nombres: set[str]) -> set[str]:
    """Lo que ``modulo`` importa y su capa no puede importar."""
    malas: set[str] = set()
    if _dentro(modulo, ("tapiz_rules",)):
        malas |= {n for n in nombres if _dentro(n, ("mkdocs_plugins", *FRAMEWORKS))}
    for sistema in SISTEMAS:
        if _dentro(modulo, (f"tapiz_rules.sistemas.{sistema}",)):
            otros = tuple(f"tapiz_rules.sistemas.{s}" for s in SISTEMAS if s != sistema)
            malas |= {n for n in nombres if _dentro(n, otros)}
            malas |= {n for n in nombres if n == "tapiz_rules.sistemas"}
    if _dentro(modulo, ("mkdocs_plugins.nucleo",)):
        malas |= {n for n in nombres if _dentro(n, (*FRAMEWORKS, *ADAPTADORES))}
    if _dentro(modulo, ("mkdocs_plugins.extension",)):
        otros_adaptadores = tuple(a for a in ADAPTADORES if not a.endswith(".extension"))
        malas |= {n for n in nombres if _dentro(n, ("mkdocs", "pytest", *otros_adaptadores))}
    return malas


def modulos() -> list[tuple[str, Path, bool]]:
    encontrados = []
    for paquete in ("tapiz_rules", "mkdocs_plugins"):
        for fichero in sorted((RAIZ / paquete).rglob("*.py")):
            partes = fichero.relative_to(RAIZ).with_suffix("").parts
            nombre = ".".join(partes[:-1] if partes[-1] == "__init__" else partes)
            encontrados.append((nombre, fichero, partes[-1] == "__init__"))
    return encontrados


def test_cada_capa_importa_solo_lo_que_puede():
    faltas = {
        f"{fichero.relative_to(RAIZ)} importa {', '.join(sorted(malas))}"
        for nombre, fichero, es_paquete in modulos()
        if (
            malas := prohibidas(
                nombre, importaciones(fichero.read_text("utf-8"), nombre, es_paquete)
            )
        )
    }
    assert faltas == set()


@pytest.mark.parametrize(
    ("modulo", "fuente", "mala"),
    [
        ("tapiz_rules.dados.tirada", "from mkdocs_plugins.nucleo import render", "mkdocs_plugins"),
        ("tapiz_rules.modelo.campos", "def f():\n    import markdown", "markdown"),
        ("tapiz_rules.sistemas.d20.dano", "from tapiz_rules.sistemas.tapiz import x", "tapiz"),
        ("tapiz_rules.sistemas.ratas.casa", "from ..tapiz import accion", "tapiz.accion"),
        ("mkdocs_plugins.nucleo.vallas.render", "from mkdocs.config import base", "mkdocs.config"),
        ("mkdocs_plugins.nucleo.datos.datos", "import mkdocs_plugins.plugin.carga", "plugin.carga"),
        ("mkdocs_plugins.extension.valores", "from mkdocs_plugins.plugin import x", "plugin"),
    ],
)
def test_la_prueba_de_capas_ve_cada_falta(modulo: str, fuente: str, mala: str):
    assert any(mala in n for n in prohibidas(modulo, importaciones(fuente, modulo)))


def test_lo_permitido_no_es_una_falta():
    assert not prohibidas("tapiz_rules.sistemas.d20.dano", {"tapiz_rules.modelo", "fractions"})
    assert not prohibidas("mkdocs_plugins.plugin.carga", {"mkdocs.structure.files"})
    assert not prohibidas("mkdocs_plugins.nucleo.vallas.render", {"tapiz_rules.modelo", "html"})


def test_las_rutas_de_la_version_anterior_dan_los_mismos_modulos_con_un_aviso():
    from tapiz_rules.sistemas.tapiz.parametros import ParametrosTapiz

    with warnings.catch_warnings(record=True) as avisos:
        warnings.simplefilter("always")
        from tapiz_rules.reglas.parametros import ParametrosTapiz as Antiguo
    assert Antiguo is ParametrosTapiz
    assert any(
        issubclass(a.category, DeprecationWarning)
        and "tapiz_rules.sistemas.tapiz" in str(a.message)
        for a in avisos
    )


@functools.cache
def publicos(paquete: str) -> frozenset[str]:
    """Lo que exporta un paquete: su ``__all__``, leído de su ``__init__.py``."""
    init = RAIZ.joinpath(*paquete.split("."), "__init__.py")
    for nodo in ast.parse(init.read_text("utf-8")).body:
        if isinstance(nodo, ast.Assign) and any(
            isinstance(d, ast.Name) and d.id == "__all__" for d in nodo.targets
        ):
            return frozenset(ast.literal_eval(nodo.value))
    return frozenset()


def fachadas() -> dict[str, frozenset[str]]:
    """Cada subpaquete del núcleo y el adelanto del plugin, con lo que exportan."""
    paquetes = [
        f"{NUCLEO}.{d.name}"
        for d in sorted(RAIZ.joinpath(*NUCLEO.split(".")).iterdir())
        if (d / "__init__.py").is_file()
    ]
    return {p: publicos(p) for p in [*paquetes, ADELANTO]}


def por_la_puerta(modulo: str, fuente: str, puertas: Mapping[str, Set[str]]) -> set[str]:
    """Lo que ``modulo`` importa de una fachada ajena sin pasar por su ``__all__``."""
    malas: set[str] = set()
    for nodo in ast.walk(ast.parse(fuente)):
        destinos: list[tuple[str, str | None]]
        if isinstance(nodo, ast.Import):
            destinos = [(a.name, None) for a in nodo.names]
        elif isinstance(nodo, ast.ImportFrom) and nodo.module and not nodo.level:
            destinos = [(nodo.module, a.name) for a in nodo.names]
        else:
            continue
        for destino, nombre in destinos:
            if destino == NUCLEO and nombre is not None:
                if nombre not in publicos(NUCLEO) | {p.rpartition(".")[2] for p in puertas}:
                    malas.add(f"{destino}.{nombre}")
                continue
            for puerta, exporta in puertas.items():
                if _dentro(modulo, (puerta,)) or not _dentro(destino, (puerta,)):
                    continue
                if destino != puerta or nombre not in exporta:
                    malas.add(destino if nombre is None else f"{destino}.{nombre}")
    return malas


def adaptadores() -> list[tuple[str, Path]]:
    return [(n, f) for n, f, _ in modulos() if _dentro(n, ADAPTADORES)]


def test_los_adaptadores_usan_solo_lo_que_exporta_cada_paquete():
    puertas = fachadas()
    faltas = {
        f"{fichero.relative_to(RAIZ)} importa {', '.join(sorted(malas))}"
        for nombre, fichero in adaptadores()
        if (malas := por_la_puerta(nombre, fichero.read_text("utf-8"), puertas))
    }
    assert faltas == set()


@pytest.mark.parametrize(
    ("fuente", "mala"),
    [
        ("from mkdocs_plugins.nucleo.vivo.motor import libro", "vivo.motor.libro"),
        ("from mkdocs_plugins.nucleo.vivo import libro", "vivo.libro"),
        ("import mkdocs_plugins.nucleo.fuente.bloques", "fuente.bloques"),
        ("from mkdocs_plugins.nucleo import motor", "nucleo.motor"),
        ("from mkdocs_plugins.plugin.adelanto.auxiliar import empezar", "auxiliar.empezar"),
    ],
)
def test_la_prueba_de_fachadas_ve_cada_puerta_falsa(fuente: str, mala: str):
    puertas = {f"{NUCLEO}.vivo": {"motor"}, f"{NUCLEO}.fuente": set(), ADELANTO: {"empezar"}}
    assert any(mala in n for n in por_la_puerta("mkdocs_plugins.plugin.plugin", fuente, puertas))


def test_lo_que_exporta_un_paquete_pasa_por_su_puerta():
    puertas = {f"{NUCLEO}.vivo": {"motor"}, ADELANTO: {"empezar"}}
    fuente = (
        "from mkdocs_plugins.nucleo.vivo import motor\n"
        "from mkdocs_plugins.plugin.adelanto import empezar"
    )
    assert not por_la_puerta("mkdocs_plugins.plugin.plugin", fuente, puertas)
    dentro = "from mkdocs_plugins.plugin.adelanto.procesos import Adelanto"
    assert not por_la_puerta(f"{ADELANTO}.auxiliar", dentro, puertas)


def grafo(grupo: Callable[[str], str | None]) -> dict[str, set[str]]:
    """Quién importa a quién (también dentro de ``TYPE_CHECKING`` o de una función), entre los
    grupos que da ``grupo`` a cada módulo (None: fuera)."""
    aristas: dict[str, set[str]] = {}
    nombres = {n for n, _, _ in modulos()}
    for nombre, fichero, es_paquete in modulos():
        if (origen := grupo(nombre)) is None or (es_paquete and origen == nombre):
            continue
        for importado in importaciones(fichero.read_text("utf-8"), nombre, es_paquete):
            if importado in nombres and (destino := grupo(importado)) not in (None, origen):
                aristas.setdefault(origen, set()).add(destino)
    return aristas


def _subpaquete_del_nucleo(nombre: str) -> str | None:
    partes = nombre.split(".")
    return ".".join(partes[:3]) if _dentro(nombre, (NUCLEO,)) and len(partes) > 2 else None


def _modulo_de_los_lienzos(nombre: str) -> str | None:
    return nombre if _dentro(nombre, ("tapiz_rules.lienzos",)) else None


@pytest.mark.parametrize("grupo", [_subpaquete_del_nucleo, _modulo_de_los_lienzos])
def test_sin_ciclos_ni_siquiera_de_tipos(grupo: Callable[[str], str | None]):
    aristas = grafo(grupo)
    assert aristas, "la prueba no ve ninguna importación"
    graphlib.TopologicalSorter(aristas).prepare()  # CycleError con el ciclo
