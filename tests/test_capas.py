"""Las capas del código, leídas de sus propias importaciones (con ``ast``, sin importar nada).

El motor no conoce el publicador ni ningún framework; ningún sistema importa otro; el
núcleo del publicador no importa MkDocs, Python-Markdown ni pytest, ni a sus adaptadores.
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parent.parent
FRAMEWORKS = ("mkdocs", "markdown", "pymdownx", "material", "pytest", "_pytest", "yaml_env_tag")
ADAPTADORES = tuple(
    f"mkdocs_plugins.{a}" for a in ("extension", "plugin", "pytest_plugin", "herramientas", "cli")
)
SISTEMAS = ("tapiz", "d20", "ratas")


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
        ("mkdocs_plugins.nucleo.render", "from mkdocs.config import base", "mkdocs.config"),
        ("mkdocs_plugins.nucleo.datos", "import mkdocs_plugins.plugin.carga", "plugin.carga"),
        ("mkdocs_plugins.extension.valores", "from mkdocs_plugins.plugin import x", "plugin"),
    ],
)
def test_la_prueba_de_capas_ve_cada_falta(modulo: str, fuente: str, mala: str):
    assert any(mala in n for n in prohibidas(modulo, importaciones(fuente, modulo)))


def test_lo_permitido_no_es_una_falta():
    assert not prohibidas("tapiz_rules.sistemas.d20.dano", {"tapiz_rules.modelo", "fractions"})
    assert not prohibidas("mkdocs_plugins.plugin.carga", {"mkdocs.structure.files"})
    assert not prohibidas("mkdocs_plugins.nucleo.render", {"tapiz_rules.modelo", "html"})


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
