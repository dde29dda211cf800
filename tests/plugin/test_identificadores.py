"""Identificadores de sección: ninguno falta, se repite, es nuevo sin registrar o se reutiliza."""

from __future__ import annotations

from pathlib import Path

import pytest

from mkdocs_plugins.extension.pagina import comprobar_ficheros
from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.fuente import estructura
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from tests.plugin.conftest import construir, sitio

RAIZ = Path(__file__).resolve().parents[2]
PAGINA = "# Posturas {#posturas}\n\nTexto.\n\n## Normal {#normal}\n\n## Apuntar {#apuntar}\n"
REGISTRO = {"posturas.md": {"posturas": "Posturas", "normal": "Normal", "apuntar": "Apuntar"}}


def _problemas(pagina: str, registro: identificadores.Registro = REGISTRO) -> list[str]:
    leida = estructura.leer(pagina, 3)
    return [str(p) for p in identificadores.comprobar("srd/p.md", "posturas.md", leida, registro)]


def test_el_libro_declara_y_registra_cada_identificador() -> None:
    configuracion = configuracion_desde(RAIZ)
    registro = identificadores.del_proyecto(configuracion)
    assert isinstance(registro, dict)
    ficheros = sorted(configuracion.paginas.rglob("*.md"))
    for fichero in ficheros:
        leida = estructura.leer(fichero.read_text("utf-8"))
        clave = fichero.relative_to(configuracion.paginas).as_posix()
        assert identificadores.comprobar(str(fichero), clave, leida, registro) == []
    assert sum(len(ids) for ids in registro.values()) >= 246


def test_una_pagina_correcta_no_tiene_problemas() -> None:
    assert _problemas(PAGINA) == []


def test_un_encabezado_sin_identificador() -> None:
    assert _problemas(PAGINA.replace(" {#normal}", "")) == [
        "srd/p.md:8: el encabezado «Normal» no declara su identificador: añade {#identificador} "
        "al final de la línea (el ancla con que se enlaza)"
    ]


def test_un_identificador_repetido() -> None:
    assert _problemas(PAGINA.replace("{#apuntar}", "{#normal}")) == [
        "srd/p.md:10: el identificador «normal» ya lo usa el encabezado de la línea 8: cada "
        "sección necesita el suyo"
    ]


def test_un_identificador_reutilizado_para_otra_seccion() -> None:
    """«normal» era de la sección Normal: si se quita y otra lo toma, es otra sección."""
    pagina = "# Posturas {#posturas}\n\n## Ataque total {#normal}\n\n## Apuntar {#apuntar}\n"
    assert _problemas(pagina) == [
        "srd/p.md:6: el identificador «normal» era el de la sección «Normal», no el de «Ataque "
        "total»: si es la misma sección con otro título, cambia el título en identificadores.yml; "
        "si es otra, dale un identificador nuevo"
    ]


def test_un_identificador_nuevo_hay_que_registrarlo() -> None:
    assert _problemas(PAGINA + "\n## Foco {#foco}\n") == [
        "srd/p.md:12: el identificador «foco» es nuevo: regístralo con «uv run tapiz "
        "identificadores» (lo añade a identificadores.yml)"
    ]


def test_el_titulo_sin_marcas_y_con_atributos_a_la_manera_de_attr_list() -> None:
    leida = estructura.leer("## Bandas de *Ratas* {: #bandas .clase }\n")
    (seccion,) = leida.secciones
    assert (seccion.titulo, seccion.identificador) == ("Bandas de Ratas", "bandas")


def test_tapiz_identificadores_registra_sin_cambiar_los_registrados(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proyecto = tmp_path
    (proyecto / "srd").mkdir()
    (proyecto / "tapiz.yml").write_text("paginas: srd\n", "utf-8")
    (proyecto / "srd" / "posturas.md").write_text(PAGINA.replace("Apuntar", "Apuntar bien"))
    registro = proyecto / identificadores.FICHERO
    identificadores.escribir(registro, {"posturas.md": {"normal": "Normal de antes"}})
    monkeypatch.chdir(proyecto)
    assert main(["identificadores"]) == 0
    assert identificadores.leer(registro) == {
        "posturas.md": {
            "normal": "Normal de antes",
            "posturas": "Posturas",
            "apuntar": "Apuntar bien",
        }
    }
    informe = comprobar_ficheros([proyecto / "srd" / "posturas.md"], configuracion_desde(proyecto))
    assert [p.mensaje.split(":")[0] for p in informe.problemas] == [
        "el identificador «normal» era el de la sección «Normal de antes», no el de «Normal»"
    ]


def test_la_construccion_estricta_falla_con_un_identificador_que_falta(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [])
    (proyecto / "srd" / "posturas.md").write_text(PAGINA.replace(" {#normal}", ""), "utf-8")
    identificadores.escribir(proyecto / identificadores.FICHERO, REGISTRO)
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode == 1
    assert (
        "srd/posturas.md:5: el encabezado «Normal» no declara su identificador" in resultado.stderr
    )


EJEMPLO = "\n```tapiz-ejemplo {#la-normal}\ntitulo: La postura normal\nregla: postura\n```\n"
CON_EJEMPLO = {"posturas.md": {**REGISTRO["posturas.md"], "la-normal": "La postura normal"}}


def test_un_ejemplo_declara_y_registra_su_identificador_como_una_seccion() -> None:
    assert _problemas(PAGINA + EJEMPLO, CON_EJEMPLO) == []
    assert _problemas(PAGINA + EJEMPLO.replace(" {#la-normal}", ""), CON_EJEMPLO) == [
        "srd/p.md:12: el ejemplo «La postura normal» no declara su identificador: añade "
        "{#identificador} tras «```tapiz-ejemplo» (el ancla con que se enlaza)"
    ]
    assert _problemas(PAGINA + EJEMPLO.replace("la-normal", "normal"), CON_EJEMPLO) == [
        "srd/p.md:12: el identificador «normal» ya lo usa el encabezado de la línea 8: cada "
        "ejemplo necesita el suyo"
    ]
    assert _problemas(PAGINA + EJEMPLO, REGISTRO) == [
        "srd/p.md:12: el identificador «la-normal» es nuevo: regístralo con «uv run tapiz "
        "identificadores» (lo añade a identificadores.yml)"
    ]


def test_un_identificador_de_ejemplo_reutilizado_para_otro_ejemplo() -> None:
    otro = EJEMPLO.replace("La postura normal", "Defensa férrea")
    assert _problemas(PAGINA + otro, CON_EJEMPLO) == [
        "srd/p.md:12: el identificador «la-normal» era el del ejemplo «La postura normal», no "
        "el de «Defensa férrea»: si es el mismo ejemplo con otro título, cambia el título en "
        "identificadores.yml; si es otro, dale un identificador nuevo"
    ]


def test_una_linea_mas_no_cambia_el_identificador_de_un_ejemplo() -> None:
    """Antes el identificador era «fichero:línea»: una línea en blanco los renombraba todos."""
    antes = identificadores.declarados(estructura.leer(PAGINA + EJEMPLO))
    despues = identificadores.declarados(estructura.leer("\n" + PAGINA + EJEMPLO))
    assert [d.identificador for d in antes] == [d.identificador for d in despues]
    assert [d.linea + 1 for d in antes] == [d.linea for d in despues]


def test_sin_registro_otro_titulo_no_es_otro_ejemplo_pero_otra_regla_si() -> None:
    """Lo que dice git (``Anteriores``): cambiar el título o las entradas de un ejemplo no es
    reutilizar su identificador; cambiar las dos cosas, su regla, o de sección a ejemplo, sí."""
    antes = identificadores.declarados(estructura.leer(PAGINA + EJEMPLO, 3))
    anteriores = identificadores.Anteriores(
        "la versión 1.0", {"posturas.md": {d.identificador or "": d for d in antes}}
    )

    def problemas(pagina: str) -> list[str]:
        leida = estructura.leer(pagina, 3)
        return [
            p.mensaje.split(":")[0]
            for p in identificadores.comprobar("srd/p.md", "posturas.md", leida, anteriores)
        ]

    assert problemas(PAGINA + EJEMPLO.replace("La postura normal", "Normal")) == []
    otras_entradas = EJEMPLO.replace("regla: postura\n", "regla: postura\nentradas: {nivel: 2}\n")
    assert problemas(PAGINA + otras_entradas) == []
    assert problemas(PAGINA + otras_entradas.replace("La postura normal", "Normal")) == [
        "el identificador «la-normal» era el del ejemplo «La postura normal» en la versión 1.0 y "
        "ahora es el del ejemplo «Normal»"
    ]
    assert problemas(PAGINA + EJEMPLO.replace("regla: postura", "regla: accion")) == [
        "el identificador «la-normal» era el del ejemplo «La postura normal» en la versión 1.0 y "
        "ahora es el del ejemplo «La postura normal»"
    ]
    assert problemas(PAGINA.replace("## Apuntar {#apuntar}", "## Apuntar {#la-normal}")) == [
        "el identificador «la-normal» era el del ejemplo «La postura normal» en la versión 1.0 y "
        "ahora es el del encabezado «Apuntar»"
    ]
