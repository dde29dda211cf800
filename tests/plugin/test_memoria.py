"""Lo que se calcula una vez por construcción (issue 29, punto 6) no cambia ningún veredicto.

Un libro con páginas repetidas (diez copias en ``bench/bench_peso.py``) calcula una vez
«Repetir» y las entradas sin efecto de cada ejemplo distinto, lee con markdown-it-py una
vez cada texto y convierte una vez el HTML de cada sección de la API. Cada ejemplo se
sigue ejecutando y comparando en cada página, con su fichero y su línea.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mkdocs.utils import meta

from mkdocs_plugins.extension import api
from mkdocs_plugins.extension.pagina import procesar
from mkdocs_plugins.nucleo.api import api_paginas
from mkdocs_plugins.nucleo.datos import memoria
from mkdocs_plugins.nucleo.fuente import configuracion_desde, especificacion, estructura
from tapiz_rules.lienzos.lienzo import cargar
from tapiz_rules.modelo import Reglamento
from tests.plugin.conftest import PAGINAS, sitio

EJEMPLO = """\
# Islas {{#islas}}

Texto antes del ejemplo.

```tapiz-ejemplo {{#cuatro-puntos}}
titulo: Cuatro puntos
regla: grado_efecto
entradas: {{puntos: {puntos}}}
dados: {{puntos: 1d10}}
espera: {{grado: {grado}}}
```
"""
LIENZO = """\
nombre: Islas de Sal
parametros:
  grados: {{menor: {menor}, mayor: 8, extremo: 12}}
"""


@pytest.fixture(autouse=True)
def _construyendo() -> Iterator[None]:
    """Como en una construcción del plugin: la memoria recuerda."""
    memoria.empezar()
    yield
    memoria.terminar()


def _lienzo(carpeta: Path, menor: int) -> Reglamento:
    """Un Lienzo sin Python; todos se llaman igual: solo su contenido los distingue."""
    carpeta.mkdir()
    (carpeta / "lienzo.yml").write_text(LIENZO.format(menor=menor), encoding="utf-8")
    return cargar(carpeta / "lienzo.yml").reglamento()


def _repetir(
    pagina: str, reglamento: Reglamento, grado: str = "menor", puntos: int = 4
) -> tuple[list[str], dict[str, Any]]:
    """Los problemas de la página y los datos de «Repetir» de su ejemplo."""
    texto = EJEMPLO.format(grado=grado, puntos=puntos)
    procesada = procesar(pagina, texto, reglamento=reglamento)
    datos = [json.loads(d) for d in procesada.ejemplos.values() if d is not None]
    return [str(p) for p in procesada.problemas], datos[0] if datos else {}


def test_dos_lienzos_con_el_mismo_nombre_no_comparten_resultados(tmp_path: Path) -> None:
    con_cuatro = _lienzo(tmp_path / "a", menor=4)
    con_seis = _lienzo(tmp_path / "b", menor=6)
    assert con_cuatro.firma() == con_seis.firma()  # la firma sola no los distingue

    # Sin efecto en los dos (2 puntos), pero «Repetir» con sus reglas: con un 5 en el d10 hay
    # efecto menor en uno y no en el otro.
    problemas_a, repetir_a = _repetir("srd/a/index.md", con_cuatro, grado="null", puntos=2)
    problemas_b, repetir_b = _repetir("srd/b/index.md", con_seis, grado="null", puntos=2)
    assert problemas_a == problemas_b == []
    assert repetir_a != repetir_b
    memoria.empezar()  # calculado sin nada guardado, da lo mismo
    assert _repetir("srd/b/index.md", con_seis, grado="null", puntos=2) == ([], repetir_b)

    # El mismo ejemplo (4 puntos, efecto menor) pasa en uno y falla en el otro, en su página.
    assert _repetir("srd/a/index.md", con_cuatro)[0] == []
    problemas_b, _ = _repetir("srd/b/index.md", con_seis)
    assert len(problemas_b) == 1
    assert problemas_b[0].startswith("srd/b/index.md:10: el ejemplo «Cuatro puntos» no coincide")


def test_un_ejemplo_copiado_con_un_valor_equivocado_falla_con_su_fichero_y_linea(
    tmp_path: Path,
) -> None:
    reglamento = _lienzo(tmp_path / "a", menor=4)
    problemas, original = _repetir("srd/original.md", reglamento)
    assert problemas == []
    guardadas = memoria.tamano()
    assert guardadas > 0

    # Una copia exacta en otra página: lo mismo, sin calcular «Repetir» otra vez.
    assert _repetir("srd/copia/original.md", reglamento) == ([], original)
    assert memoria.tamano() == guardadas

    # La copia con un valor equivocado falla, con su fichero y la línea de «espera».
    problemas, _ = _repetir("srd/copia2/original.md", reglamento, grado="mayor")
    assert len(problemas) == 1
    assert problemas[0].startswith("srd/copia2/original.md:10: el ejemplo «Cuatro puntos»")
    assert 'la página espera "mayor", el motor calcula "menor"' in problemas[0]


def test_la_misma_pagina_leida_dos_veces_da_sus_lineas_con_su_desplazamiento() -> None:
    texto = EJEMPLO.format(grado="menor", puntos=4)
    primera = estructura.leer(texto)
    con_cabecera = estructura.leer(texto, desplazamiento=3)  # los mismos tokens, ya leídos
    assert [v.inicio for v in con_cabecera.vallas] == [v.inicio + 3 for v in primera.vallas]
    assert [s.inicio for s in con_cabecera.todas()] == [s.inicio + 3 for s in primera.todas()]
    assert estructura.leer(texto) == primera


def test_la_api_convierte_cada_texto_igual_aunque_se_repita() -> None:
    a_html = api._conversor()
    con_abreviatura = "*[SRD]: Documento de Referencia\n\nEl SRD, abreviado."
    sin_ella = "El SRD, sin abreviatura."
    # Cada lista es una página: la abreviatura de una no pasa a otra, ni antes ni después
    # de guardar su HTML.
    (con,) = a_html([con_abreviatura])
    (sin,) = a_html([sin_ella])
    assert "<abbr" in con and "<abbr" not in sin
    assert a_html([sin_ella]) == [sin]
    assert a_html([con_abreviatura]) == [con]
    assert a_html([sin_ella]) == [sin]


def test_fuera_de_una_construccion_no_recuerda_nada(tmp_path: Path) -> None:
    """pytest y «tapiz comprobar» calculan siempre: una prueba que cambie el motor lo ve."""
    memoria.terminar()
    reglamento = _lienzo(tmp_path / "a", menor=4)
    assert _repetir("srd/a.md", reglamento)[0] == []
    assert memoria.tamano() == 0


def test_la_api_rehace_solo_la_pagina_que_cambio(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Como en ``mkdocs serve``: tras guardar una página, la API con lo recordado de la vez
    anterior convierte solo esa página y da lo mismo que sin recordar nada."""
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"])
    configuracion = configuracion_desde(proyecto)
    recordadas = api.Recordadas()
    primera = api.ficheros(configuracion, recordadas=recordadas)
    convertidas: list[str] = []
    pagina = api_paginas.pagina

    def contando(fuente: api_paginas.Fuente, *args: Any) -> tuple[list[Any], list[Any]]:
        convertidas.append(fuente.pagina)
        return pagina(fuente, *args)

    monkeypatch.setattr(api_paginas, "pagina", contando)
    assert api.ficheros(configuracion, recordadas=recordadas) == primera
    assert convertidas == []

    guardada = proyecto / "srd" / "correcta.md"
    guardada.write_text(guardada.read_text("utf-8") + "\nUn párrafo nuevo.\n", "utf-8")
    segunda = api.ficheros(configuracion, recordadas=recordadas)
    assert convertidas == ["correcta.md"]
    assert segunda != primera
    assert segunda == api.ficheros(configuracion)  # lo mismo que sin recordar nada
    assert "Un párrafo nuevo." in segunda["paginas/correcta.json"]
    # Otra edición de la misma página: lo recordado sigue dando lo mismo que nada recordado.
    guardada.write_text(guardada.read_text("utf-8").replace("Un párrafo nuevo.", "Otro."), "utf-8")
    assert api.ficheros(configuracion, recordadas=recordadas) == api.ficheros(configuracion)

    otra = configuracion_desde(proyecto)  # otro reglamento (otro tapiz.yml): todo otra vez
    convertidas.clear()
    api.ficheros(otra, recordadas=recordadas)
    assert sorted(convertidas) == ["correcta.md", "ejemplo-html-hostil.md"]


def test_la_api_no_vuelve_a_leer_el_yaml_de_las_vallas_que_leyo_la_construccion(
    tmp_path: Path,
) -> None:
    """La API lee cada valla como la construcción (el mismo bloque, con el identificador de su
    cabecera): su YAML ya leído, sin volver a analizarlo."""
    especificacion.leer_cuerpo.cache_clear()  # lo que leyeron otras pruebas no cuenta
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    configuracion = configuracion_desde(proyecto)
    fichero = proyecto / "srd" / "correcta.md"
    texto = fichero.read_text("utf-8")
    cuerpo, _ = meta.get_data(texto)
    desplazamiento = texto[: len(texto) - len(cuerpo)].count("\n")
    procesada = procesar(
        "srd/correcta.md", cuerpo, desplazamiento, configuracion.reglamento_de(fichero)
    )
    assert procesada.problemas == []
    leidos = especificacion.leer_cuerpo.cache_info().misses
    assert "ejemplos.json" in api.ficheros(configuracion)
    assert especificacion.leer_cuerpo.cache_info().misses == leidos
