"""La API estática: cada fichero valida contra su esquema publicado, se escribe igual dos veces,
muestra el texto como la página, tiene una sola grafía y sus referencias resuelven."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mkdocs_plugins.extension import api
from mkdocs_plugins.herramientas.cli import main
from mkdocs_plugins.nucleo.api import api as api_nucleo
from mkdocs_plugins.nucleo.api import api_textos, identificadores
from mkdocs_plugins.nucleo.fuente import version
from mkdocs_plugins.nucleo.fuente.configuracion import configuracion_desde
from mkdocs_plugins.nucleo.vallas.ejecucion import coincide
from tapiz_rules.errores import ErrorEntrada
from tapiz_rules.modelo import Reglamento, dependencias
from tapiz_rules.sistemas import sistema
from tests.plugin.conftest import construir, sitio

RAIZ = Path(__file__).resolve().parents[2]
CLAVE = re.compile(r"\$schema|\$id|[a-z][a-z0-9]*(_[a-z0-9]+)*")
"""Toda clave de todo fichero: en minúsculas con «_» (o las dos de JSON Schema)."""


@pytest.fixture(scope="module")
def ficheros() -> dict[str, str]:
    return api.ficheros(configuracion_desde(RAIZ))


@pytest.fixture(scope="module")
def datos(ficheros: dict[str, str]) -> dict[str, Any]:
    return {r: json.loads(t) for r, t in ficheros.items()}


def _objetos(valor: Any, ruta: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Cada objeto de un fichero con su camino de claves (``secciones.reglas``)."""
    if isinstance(valor, dict):
        yield ruta, valor
        for clave, hijo in valor.items():
            yield from _objetos(hijo, f"{ruta}.{clave}".lstrip("."))
    elif isinstance(valor, list):
        for hijo in valor:
            yield from _objetos(hijo, ruta)


def _textos(valor: Any) -> Iterator[str]:
    if isinstance(valor, str):
        yield valor
    elif isinstance(valor, dict | list):
        for hijo in valor.values() if isinstance(valor, dict) else valor:
            yield from _textos(hijo)


def test_cada_fichero_valida_contra_su_esquema(datos: dict[str, Any]) -> None:
    esquemas = {r: d for r, d in datos.items() if r.startswith("schemas/")}
    assert len(esquemas) == 8
    for esquema in esquemas.values():
        Draft202012Validator.check_schema(esquema)
    for ruta, contenido in datos.items():
        if ruta.startswith("schemas/"):
            continue
        tipo = contenido["$schema"].rsplit("/", 1)[-1]
        errores = [
            e.message
            for e in Draft202012Validator(esquemas[f"schemas/{tipo}"]).iter_errors(contenido)
        ]
        assert errores == [], ruta


def test_cada_fichero_lleva_su_esquema_su_direccion_y_la_licencia(datos: dict[str, Any]) -> None:
    base = datos["index.json"]["base"]
    assert base == "https://tapiz-rpg.github.io/tapiz-srd/"
    for ruta, contenido in datos.items():
        if ruta.startswith("schemas/"):
            assert contenido["$id"] == f"{base}api/v1/{ruta}"
            continue
        assert contenido["$id"] == f"{base}api/v1/{ruta}", ruta
        assert contenido["$schema"].startswith(f"{base}api/v1/schemas/"), ruta
        assert contenido["licencia"]["titulo"] == "CC BY-SA 4.0", ruta


def test_un_fichero_por_regla_por_tabla_y_por_seccion(datos: dict[str, Any]) -> None:
    """Cada elemento de una colección está también en su fichero, igual y con un enlace al libro."""
    tapiz = datos["sistemas/tapiz.json"]
    for regla in tapiz["reglas"]:
        propio = datos[regla["enlace"]]
        assert {
            k: v for k, v in propio.items() if not k.startswith("$") and k != "licencia"
        } == regla
    posturas = datos["reglas/tapiz/postura.json"]
    assert posturas["url"] == "posturas/#posturas"
    assert [t["id"] for t in posturas["tablas"]] == ["posturas"]
    for seccion in datos["paginas/posturas.json"]["secciones"]:
        assert datos[seccion["enlace"]]["html"] == seccion["html"]


_SEGUN_SU_TIPO = ("valor", "por_defecto", "minimo", "maximo")
"""Valores de una entrada o salida: su forma la dice el ``tipo`` de su declaración."""


def _forma(valor: Any) -> str:
    if isinstance(valor, list):
        return "lista de " + ",".join(sorted({type(v).__name__ for v in valor}))
    return type(valor).__name__


def test_una_sola_grafia_en_cada_fichero(datos: dict[str, Any]) -> None:
    """Las reglas de «Datos abiertos»: claves en minúsculas con «_»; todo identificador en
    ``id``, con minúsculas y guiones; la misma clave, con la misma forma en todos los ficheros
    (en el sistema y en el Lienzo, los parámetros también)."""
    formas: dict[tuple[str, str], set[str]] = {}
    for ruta, contenido in datos.items():
        if ruta.startswith("schemas/"):
            continue
        sistema = contenido.get("sistema", contenido.get("id")) if "parametros" in contenido else ""
        for camino, objeto in _objetos(contenido):
            if camino.split(".")[-1] in ("entradas", "espera", "dados", "esquema") and (
                "clave" not in objeto
            ):
                continue  # valores de entradas y salidas: sus claves son las del motor
            for clave, valor in objeto.items():
                assert CLAVE.fullmatch(clave), (ruta, camino, clave)
                assert clave not in ("nombre", "codigo", "slug", "index"), (ruta, camino)
                if clave == "id":
                    pagina = camino.endswith("paginas") or ruta.startswith("paginas/")
                    grafia = r"[a-z0-9-]+(/[a-z0-9-]+)*" if pagina else api_textos.ID.pattern
                    assert re.fullmatch(grafia, valor), (ruta, camino, valor)
                if valor is not None and valor != [] and clave not in _SEGUN_SU_TIPO:
                    formas.setdefault((sistema, f"{camino}.{clave}"), set()).add(_forma(valor))
    distintas = {clave: f for clave, f in formas.items() if len(f) > 1}
    assert distintas == {}
    assert formas[("tapiz", "parametros.grados")] == {"lista de dict"}


def test_una_tabla_no_repite_tabla_en_su_identificador(datos: dict[str, Any]) -> None:
    """``tabla_cobertura`` del motor es ``tablas/tapiz/cobertura.json``; el motor acepta los dos."""
    ids = [t["id"] for t in datos["sistemas/tapiz.json"]["tablas"]]
    assert "cobertura" in ids and not [i for i in ids if i.startswith("tabla")]
    tapiz = sistema("tapiz")
    assert tapiz.tabla("cobertura") is tapiz.tabla("tabla_cobertura")
    assert tapiz.tabla("movimiento-combate") is tapiz.tabla("tabla_movimiento_combate")


def test_listas_de_cosas_con_id_y_enlace(datos: dict[str, Any]) -> None:
    for ruta, contenido in datos.items():
        for camino, objeto in _objetos(contenido):
            for clave in ("reglas", "tablas", "secciones", "sistemas", "lienzos", "paginas"):
                for elemento in (
                    objeto.get(clave, []) if isinstance(objeto.get(clave), list) else []
                ):
                    assert {"id", "enlace"} <= set(elemento), (ruta, camino, clave)
                    assert elemento["enlace"] in datos, (ruta, elemento["enlace"])


def test_el_texto_es_el_de_la_pagina(datos: dict[str, Any]) -> None:
    """Ninguna marca ``{{= … }}`` y ningún enlace a un ``.md`` en ningún texto de la API."""
    for ruta, contenido in datos.items():
        for texto in _textos(contenido):
            assert "{{" not in texto, ruta
            assert not re.search(r'href="[^"]*\.md[#"]', texto), (ruta, texto[:200])
            assert not re.search(r"\]\([^)\s]*\.md[#)]", texto), (ruta, texto[:200])
    defensa = datos["secciones/posturas/defensa-ferrea.json"]
    assert "+4" in defensa["markdown"] and "+4" in defensa["html"]
    efecto = datos["secciones/puntos-de-efecto/efectos.json"]
    assert 'href="hacer-cosas/#efectos-y-consecuencias"' in "".join(
        datos[s["enlace"]]["html"] for s in [efecto, *efecto["subsecciones"]]
    ) or "hacer-cosas/#" in json.dumps(datos["paginas/puntos-de-efecto.json"])


@pytest.mark.parametrize(
    ("destino", "pagina", "url"),
    [
        ("hacer-cosas.md#grados", "puntos-de-efecto.md", "hacer-cosas/#grados"),
        ("../../posturas.md", "lienzos/puertos-de-bruma/index.md", "posturas/"),
        ("index.md", "sistemas/d20.md", "sistemas/"),
        ("https://example.org/a.md", "posturas.md", "https://example.org/a.md"),
        ("#normal", "posturas.md", "posturas/#normal"),
        ("mapa.png", "lienzos/puertos-de-bruma/index.md", "lienzos/puertos-de-bruma/mapa.png"),
    ],
)
def test_un_enlace_a_otra_pagina_es_su_direccion_en_el_sitio(
    destino: str, pagina: str, url: str
) -> None:
    assert api_textos.al_sitio(destino, pagina) == url


def test_las_referencias_cruzadas_resuelven(datos: dict[str, Any]) -> None:
    d20 = datos["paginas/sistemas/d20.json"]
    assert d20["sistema"] == "d20"
    assert {r["sistema"] for s in d20["secciones"] for r in s["reglas"]} == {"d20"}
    assert datos["paginas/sistemas/ratas.json"]["sistema"] == "ratas"
    sin_seccion = [
        r["enlace"]
        for s in ("tapiz", "d20", "ratas")
        for r in datos[f"sistemas/{s}.json"]["reglas"]
        if not r["secciones"]
    ]
    assert sin_seccion == []
    for ruta, contenido in datos.items():
        for _, objeto in _objetos(contenido):
            for cita in objeto.get("secciones", []) if "pagina" not in objeto else []:
                if "url" in cita and "pagina" in cita:
                    assert datos[cita["enlace"]]["url"] == cita["url"], ruta


def test_el_lienzo_se_nombra_igual_en_la_api_y_en_la_orden(
    datos: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (entrada,) = datos["index.json"]["lienzos"]
    lienzo = datos[entrada["enlace"]]
    assert lienzo["id"] == "puertos-de-bruma"
    assert "grados-efecto" in {t["id"] for t in lienzo["tablas"]}  # sale de sus parámetros
    assert isinstance(lienzo["parametros"]["grados"], list)
    monkeypatch.chdir(RAIZ)
    assert (
        main(["regla", "niebla", "--lienzo", lienzo["id"], "--entrada", '{"tirada": 3}', "--json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["valores"]


def test_probabilidades_exactas_junto_a_su_decimal(datos: dict[str, Any]) -> None:
    ejemplos = datos["ejemplos.json"]["ejemplos"]
    escalada = next(e for e in ejemplos if e["id"] == "probabilidad-de-la-escalada-edicion-2017")
    assert escalada["espera"]["p_exito"] == {"fraccion": "20/27", "decimal": 20 / 27}
    assert escalada["url"] == "hacer-cosas/#probabilidad-de-la-escalada-edicion-2017"


def test_entradas_con_tipo_de_json_limites_y_longitud(datos: dict[str, Any]) -> None:
    reglas = {r["id"]: r for r in datos["sistemas/tapiz.json"]["reglas"]}
    base = next(c for c in reglas["accion"]["entradas"] if c["clave"] == "base")
    assert (base["tipo"], base["minimo"], base["maximo"]) == ("integer", 1, 20)
    valores = next(c for c in reglas["reparto-puntos"]["entradas"] if c["clave"] == "valores")
    assert valores["esquema"] == {
        "type": "array",
        "items": {"type": "integer", "minimum": 3, "maximum": 18},
        "minItems": 6,
        "maxItems": 6,
    }
    lienzo = {r["id"]: r for r in datos["lienzos/puertos-de-bruma.json"]["reglas"]}
    base_2d10 = next(c for c in lienzo["accion"]["entradas"] if c["clave"] == "base")
    assert (base_2d10["minimo"], base_2d10["maximo"]) == (2, 20)
    efecto = next(c for c in reglas["accion"]["salidas"] if c["clave"] == "puntos_de_efecto")
    assert efecto["unidad"] == "puntos"


def test_los_limites_que_dependen_de_otra_entrada(datos: dict[str, Any]) -> None:
    def entrada(fichero: str, clave: str) -> dict[str, Any]:
        return next(c for c in datos[fichero]["entradas"] if c["clave"] == clave)

    tirada = entrada("reglas/ratas/peligro.json", "tirada")
    assert tirada["segun"] == {
        "entrada": "gravedad",
        "casos": [
            {"valor": "1d6", "minimo": 1, "maximo": 6},
            {"valor": "2d6", "minimo": 2, "maximo": 12},
            {"valor": "3d6", "minimo": 3, "maximo": 18},
        ],
    }
    bonus = entrada("reglas/tapiz/postura.json", "bonus_elegido")
    assert bonus["solo_con"] == {"entrada": "postura", "valor": "ataque_total"}
    assert bonus["segun"]["entrada"] == "nivel" and bonus["segun"]["descripcion"]
    assert entrada("reglas/tapiz/ventaja-momentanea.json", "puntos")["maximo"] == 4


def test_cada_ejemplo_da_lo_que_calcula_el_motor(datos: dict[str, Any]) -> None:
    ejemplos = datos["ejemplos.json"]["ejemplos"]
    assert len(ejemplos) == 162
    assert len({(e["pagina"], e["id"]) for e in ejemplos}) == 162
    for ejemplo in ejemplos:
        if ejemplo["lienzo"]:
            continue
        reglamento = Reglamento(sistema(ejemplo["sistema"]))
        regla = datos[ejemplo["regla"]["enlace"]]
        valores = (
            reglamento.con(
                edicion=ejemplo["edicion"],
                opcionales=frozenset(o["id"].upper() for o in ejemplo["opcionales"]),
            )
            .calcular(regla["id"], ejemplo["entradas"])
            .valores
        )
        for salida, esperado in ejemplo["espera"].items():
            esperado = esperado["decimal"] if isinstance(esperado, dict) else esperado
            assert coincide(esperado, valores[salida]), (ejemplo["id"], salida)


def _rechazo(reglamento: Reglamento, regla: str, entradas: dict[str, Any]) -> str | None:
    try:
        reglamento.calcular(regla, entradas)
    except ErrorEntrada as error:
        return str(error)
    except Exception as error:
        return f"el motor falla: {error!r}"
    return None


def _limites_sin_declarar(reglamento: Reglamento, regla: str, dadas: dict[str, Any]) -> list[str]:
    """Desde unas entradas que valen, cada entrada entera justo fuera de lo declarado (con los
    parámetros y las demás entradas) se rechaza; en un límite declarado no se rechaza
    nombrándola, ni por un lado sin límite (−1, 10.000.000). Si solo vale con cierto valor de
    otra entrada (``solo_con``), se prueba con ese valor."""
    problemas = []
    for campo in reglamento.regla(regla).entradas:
        if campo.tipo is not int or campo.opciones is not None:
            continue
        base = dict(dadas) | dict([campo.solo_con] if campo.solo_con else [])
        valores = reglamento.regla(regla).validar(base)
        rango = dependencias.rango(campo, reglamento.parametros, valores)
        limites = zip((-1, 1), rango, strict=True)
        for paso, limite in limites:
            probados = [10**7 * paso] if limite is None else [limite, limite + paso]
            for valor in probados:
                error = _rechazo(reglamento, regla, {**base, campo.nombre: valor})
                fuera = limite is not None and valor != limite
                if fuera and error is None:
                    problemas.append(f"{regla} «{campo.nombre}»: admite {valor}")
                nombrada = error and (f"«{campo.nombre}»" in error or "el motor falla" in error)
                if not fuera and nombrada:
                    problemas.append(f"{regla} «{campo.nombre}»: {error}")
    return problemas


def test_cada_limite_que_exige_el_motor_esta_declarado(datos: dict[str, Any]) -> None:
    """Una regla de cada sistema por cada ejemplo del libro (la primera vez que sale)."""
    vistas: dict[tuple[str, str], list[str]] = {}
    for ejemplo in datos["ejemplos.json"]["ejemplos"]:
        clave = (ejemplo["sistema"], datos[ejemplo["regla"]["enlace"]]["id"])
        if ejemplo["lienzo"] or clave in vistas:
            continue
        reglamento = Reglamento(sistema(ejemplo["sistema"])).con(
            edicion=ejemplo["edicion"],
            opcionales=frozenset(o["id"].upper() for o in ejemplo["opcionales"]),
        )
        regla = reglamento.regla(clave[1]).nombre
        vistas[clave] = _limites_sin_declarar(reglamento, regla, ejemplo["entradas"])
    assert {s for s, _ in vistas} == {"tapiz", "d20", "ratas"}
    assert len(vistas) >= 70
    assert [p for problemas in vistas.values() for p in problemas] == []


_NUMEROS = {"integer", "number"}


def test_cada_numero_declara_su_unidad_o_que_no_la_tiene(datos: dict[str, Any]) -> None:
    """En cada fichero, un número con ``"unidad": null`` lo es porque el motor lo declara sin
    unidad (``SIN_UNIDAD``, o un modificador, una probabilidad o una opción); ninguno se queda
    sin declarar, y la unidad publicada es la del motor."""
    configuracion = configuracion_desde(RAIZ)
    lienzos = {
        api_nucleo.id_de_lienzo(lienzo): configuracion.reglamento_de(carpeta / "index.md")
        for carpeta, lienzo in configuracion.lienzos
    }
    sin_declarar, vistos = [], 0
    for nombre, fichero in datos.items():
        for _, regla in _objetos(fichero):
            if not isinstance(regla.get("entradas"), list) or "salidas" not in regla:
                continue  # no es una regla (un ejemplo lleva sus entradas como objeto)
            reglamento = lienzos.get(regla["lienzo"]) or Reglamento(sistema(regla["sistema"]))
            del_motor = reglamento.regla(regla["id"])
            for lado, buscar in (("entradas", del_motor.entrada), ("salidas", del_motor.salida)):
                for campo in regla[lado]:
                    if campo["tipo"] not in _NUMEROS and campo.get("elementos") not in _NUMEROS:
                        continue
                    vistos += 1
                    declarado = buscar(campo["clave"])
                    assert declarado is not None
                    assert campo["unidad"] == declarado.unidad_en_plural
                    if not declarado.unidad_declarada:
                        sin_declarar.append(f"{nombre}: {regla['id']}.{campo['clave']}")
    assert vistos >= 700
    assert sin_declarar == []


def test_version_fecha_y_commit_reproducibles(
    ficheros: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    indice = json.loads(ficheros["index.json"])
    assert indice["commit"] and len(indice["commit"]) == 40
    # La versión publicada, de la misma fuente que el feed: la última sección de versión del
    # CHANGELOG con el commit que la escribió (None si aún no hay ninguna).
    ultima = version.publicada(RAIZ)
    assert (indice["version"], indice["publicada"]["commit"]) == (ultima.version, ultima.commit)
    if ultima.commit is not None:
        changelog = subprocess.run(
            ["git", "show", f"{ultima.commit}:CHANGELOG.md"],
            cwd=RAIZ,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert f"## [{ultima.version}]" in changelog
    assert api.ficheros(configuracion_desde(RAIZ)) == ficheros
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    otra = json.loads(api.ficheros(configuracion_desde(RAIZ))["index.json"])
    assert otra["fecha"] == "1970-01-01T00:00:00+00:00"


def test_tapiz_exportar_json_escribe_lo_mismo(
    ficheros: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(RAIZ)
    assert main(["exportar", "--json", str(tmp_path)]) == 0
    escritos = {
        f.relative_to(tmp_path / "api/v1").as_posix(): f.read_text("utf-8")
        for f in (tmp_path / "api/v1").rglob("*.json")
    }
    assert escritos == ficheros


def test_una_seccion_sin_identificador_o_repetido_es_un_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    proyecto = tmp_path / "libro"
    (proyecto / "srd").mkdir(parents=True)
    (proyecto / "tapiz.yml").write_text("paginas: srd\n", "utf-8")
    (proyecto / "srd/a.md").write_text("# A {#a}\n\n## B\n\n## C {#a}\n", "utf-8")
    monkeypatch.chdir(proyecto)
    assert main(["exportar", "--json", str(tmp_path / "sitio")]) != 0
    error = json.loads(capsys.readouterr().out)["error"]["mensaje"]
    assert "srd/a.md:3: el encabezado «B» no declara su identificador" in error
    assert "srd/a.md:5: el identificador «a» ya lo usa el encabezado de la línea 1" in error
    assert not (tmp_path / "sitio/api/v1/index.json").exists()


def test_tapiz_exportar_para_zensical_no_se_queja_de_su_propio_catalogo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """El catálogo lo genera la orden (como el plugin): sus encabezados no se registran."""
    proyecto = tmp_path / "libro"
    shutil.copytree(RAIZ / "srd", proyecto / "srd")
    for fichero in ("tapiz.yml", "mkdocs.yml", "identificadores.yml"):
        shutil.copy(RAIZ / fichero, proyecto / fichero)
    monkeypatch.chdir(tmp_path)
    assert main(["exportar", str(proyecto / "srd")]) == 0
    assert main(["exportar", str(proyecto / "srd")]) == 0  # con el catálogo ya escrito
    assert (proyecto / "srd" / "catalogo.md").exists()
    assert "no declara su identificador" not in capsys.readouterr().err
    paginas = [leida.fuente.ruta for leida in api.fuentes(configuracion_desde(proyecto))]
    assert "srd/catalogo.md" not in paginas and "srd/hacer-cosas.md" in paginas


def test_cada_seccion_dice_si_esta_pendiente(datos: dict[str, Any]) -> None:
    estados = {s["id"]: s["pendiente"] for s in datos["paginas/tiradas.json"]["secciones"]}
    assert estados["tiradas"] is False
    assert estados["tiradas-de-accion"] is True  # escrita solo en parte
    assert estados["tiradas-incrementales"] is True
    assert datos["secciones/posturas/normal.json"]["pendiente"] is False


SIN_IDENTIFICADORES = (
    "# A {#a}\n\n## B\n\nTexto.\n\n```tapiz-ejemplo\ntitulo: La postura normal\nregla: postura\n"
    "entradas: {postura: normal}\nespera: {mod_ataque: 0}\n```\n\n## C {#a}\n"
)
OTRO_EJEMPLO = (
    "\n```tapiz-ejemplo {{#e}}\ntitulo: {}\nregla: postura\nentradas: {}\n"
    "espera: {{mod_ataque: 0}}\n```\n"
)
"""Un ejemplo con identificador: en el último commit, uno; en la página, otro con el mismo."""
ERRORES_DE_IDENTIFICADORES = [
    "srd/index.md:3: el encabezado «B» no declara su identificador",
    "srd/index.md:7: el ejemplo «La postura normal» no declara su identificador",
    "srd/index.md:14: el identificador «a» ya lo usa el encabezado de la línea 1",
    "srd/index.md:16: el identificador «e» era el del ejemplo «Normal» en el último commit y "
    "ahora es el del ejemplo «Normal a nivel 3»",
]


def test_sin_registro_toda_orden_falla_con_una_seccion_o_un_ejemplo_sin_identificador(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sin ``identificadores.yml``, una sección o un ejemplo sin identificador, uno repetido y
    uno reutilizado para otro ejemplo (según git) son un error en la construcción (también
    sin ``--strict``), en ``tapiz comprobar`` (lo mismo que comprueba pytest) y en
    ``tapiz exportar``. Antes la API publicaba ``"id": null``
    y ``posturas/#None`` sin un aviso, y un ejemplo sin identificador tomaba el de su título."""
    proyecto = sitio(tmp_path, [])
    configuracion = proyecto / "mkdocs.yml"
    configuracion.write_text(
        configuracion.read_text("utf-8").replace(
            "catalogo: false", "catalogo: false\n      api: true"
        ),
        "utf-8",
    )
    pagina = proyecto / "srd" / "index.md"
    pagina.write_text("# A {#a}\n" + OTRO_EJEMPLO.format("Normal", "{postura: normal}"), "utf-8")
    for orden in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "uno"]):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", *orden],
            cwd=proyecto,
            check=True,
        )
    reutilizado = OTRO_EJEMPLO.format("Normal a nivel 3", "{postura: normal, nivel: 3}")
    pagina.write_text(SIN_IDENTIFICADORES + reutilizado, "utf-8")
    assert not (proyecto / identificadores.FICHERO).exists()
    resultado = construir(proyecto)
    assert resultado.returncode == 1
    assert "Traceback" not in resultado.stderr
    monkeypatch.chdir(proyecto)
    assert main(["comprobar", "srd/index.md"]) == 1
    comprobado = capsys.readouterr().out
    assert main(["exportar", "--json", str(tmp_path / "api")]) != 0
    exportado = json.loads(capsys.readouterr().out)["error"]["mensaje"]
    for error in ERRORES_DE_IDENTIFICADORES:
        assert error in resultado.stderr
        assert error in comprobado
        assert error in exportado
