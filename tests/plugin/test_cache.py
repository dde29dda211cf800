"""La caché de la construcción: da lo mismo que calcular, y nunca guarda un error."""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from pathlib import Path

from mkdocs_plugins.nucleo.datos.anteriores import APARTE
from mkdocs_plugins.nucleo.datos.cache import (
    FORMATO,
    NOMBRE_DEL_FICHERO,
    Cache,
    clave,
    ficheros_bajo,
    huella,
    objeto_guardado,
    texto_guardado,
)
from mkdocs_plugins.nucleo.fuente import estructura
from tests.plugin.conftest import AVISO, PAGINAS, construir, publicado, sitio


def test_la_huella_cambia_al_guardar_un_fichero_y_no_con_el_orden(tmp_path: Path) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("x = 1", encoding="utf-8")
    b.write_text("y = 2", encoding="utf-8")
    antes = huella([a, b])
    assert huella([b, a]) == antes
    assert huella([a, b]) == antes  # sin cambios, la misma: la caché sirve
    a.write_text("x = 22", encoding="utf-8")  # otro tamaño
    assert huella([a, b]) != antes
    otra = huella([a, b])
    os.utime(b, ns=(b.stat().st_atime_ns, b.stat().st_mtime_ns + 1_000_000))  # guardado otra vez
    assert huella([a, b]) != otra
    assert huella([a, tmp_path / "no-existe.py"]) != huella([a])


def test_las_claves_no_confunden_sus_partes() -> None:
    assert clave("ab", "c") != clave("a", "bc")


def test_lo_guardado_se_lee_en_otro_proceso_con_la_misma_huella(tmp_path: Path) -> None:
    fichero = tmp_path / "cache" / NOMBRE_DEL_FICHERO
    primera = Cache(fichero, "h1")
    assert primera.obtener("k") is None
    primera.guardar("k", {"html": "<p>á</p>"})
    primera.cerrar()
    assert Cache(fichero, "h1").obtener("k") == {"html": "<p>á</p>"}
    assert Cache(fichero, "h2").obtener("k") is None  # otro código: se descarta entera


def test_al_cerrar_solo_quedan_las_entradas_usadas(tmp_path: Path) -> None:
    fichero = tmp_path / NOMBRE_DEL_FICHERO
    cache = Cache(fichero, "h")
    cache.guardar("vieja", 1)
    cache.guardar("nueva", 2)
    cache.cerrar()
    assert cache.obtener("nueva") == 2
    cache.cerrar()
    assert set(marshal.loads(fichero.read_bytes())["entradas"]) == {"nueva"}
    assert cache.obtener("vieja") is None


def test_un_fichero_roto_es_una_cache_vacia(tmp_path: Path) -> None:
    fichero = tmp_path / NOMBRE_DEL_FICHERO
    completo = marshal.dumps({"formato": 2, "huella": "h", "entradas": {"k": 1}})
    for roto in (b"", b"{", completo[:-3], marshal.dumps([]), marshal.dumps({"entradas": []})):
        fichero.write_bytes(roto)
        assert Cache(fichero, "h").obtener("k") is None


def test_construir_con_la_cache_publica_lo_mismo_que_sin_ella(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"])
    yml = proyecto / "mkdocs.yml"
    # Con la API y el auxiliar del adelanto, que en frío escribe la API y los datos.
    con_api = "catalogo: false\n      procesos: 1\n      api: true"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", con_api))
    assert construir(proyecto, "--strict").returncode == 0
    fichero = proyecto / ".cache" / "plugin" / "tapiz" / NOMBRE_DEL_FICHERO
    guardadas = marshal.loads(fichero.read_bytes())["entradas"]
    assert len(guardadas) >= 3
    fria = publicado(proyecto)
    datos = proyecto / "site" / "assets" / "tapiz" / "datos.json"
    api = proyecto / "site" / "api" / "v1" / "ejemplos.json"
    nodos = datos.stat().st_ino, api.stat().st_ino
    for fichero_ in (datos, api):  # el inodo no queda libre para otro
        os.link(fichero_, tmp_path / f"{fichero_.name}-de-antes")
    assert construir(proyecto, "--strict").returncode == 0
    assert publicado(proyecto) == fria
    # Lo que el plugin escribió y no cambia vuelve con un renombrado (nucleo/datos/anteriores)...
    assert (datos.stat().st_ino, api.stat().st_ino) == nodos
    assert not (proyecto / "site" / APARTE).exists()
    # La API que el auxiliar calculó con su copia de la caché vuelve a la de MkDocs, y otra
    # construcción igual no la reescribe: MkDocs conserva lo que usó el auxiliar.
    assert any(isinstance(e, dict) and "ejemplos.json" in e for e in _entradas(fichero))
    fecha = fichero.stat().st_mtime_ns
    assert construir(proyecto, "--strict").returncode == 0
    assert fichero.stat().st_mtime_ns == fecha and publicado(proyecto) == fria
    # ...también con la caché vacía, cuando lo escribe el auxiliar.
    fichero.unlink()
    assert construir(proyecto, "--strict").returncode == 0
    assert publicado(proyecto) == fria
    assert (datos.stat().st_ino, api.stat().st_ino) == nodos
    assert not (proyecto / "site" / APARTE).exists()
    # Y lo mismo que una construcción que no la usa.
    yml.write_text(
        yml.read_text("utf-8").replace("catalogo: false", "catalogo: false\n      cache: false")
    )
    fichero.unlink()
    assert construir(proyecto, "--strict").returncode == 0
    assert publicado(proyecto) == fria
    assert not fichero.exists()


def _entradas(fichero: Path) -> list[object]:
    return list(marshal.loads(fichero.read_bytes())["entradas"].values())


def test_los_errores_y_los_avisos_se_informan_en_cada_construccion(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    (proyecto / "srd" / "aviso.md").write_text(AVISO, encoding="utf-8")
    esperado = PAGINAS.joinpath("ejemplo-valor-incorrecto.txt").read_text("utf-8").splitlines()
    for _ in range(2):
        resultado = construir(proyecto, "--strict")
        assert resultado.returncode != 0
        for linea in esperado:
            assert linea in resultado.stderr
        assert "srd/aviso.md:9: aviso: la entrada «defensa» no cambia nada" in resultado.stderr


def test_un_texto_guardado_se_calcula_una_vez_por_caché() -> None:
    calculos: list[str] = []

    def calcular() -> str:
        calculos.append("x")
        return f"texto {len(calculos)}"

    cache = Cache(None, "h")
    assert texto_guardado(cache, calcular, "a", "b") == "texto 1"
    assert texto_guardado(cache, calcular, "a", "b") == "texto 1"
    assert texto_guardado(cache, calcular, "ab") == "texto 2"  # otras partes, otra entrada
    assert texto_guardado(None, calcular, "a", "b") == "texto 3"  # sin caché, siempre se calcula


def test_la_estructura_de_una_pagina_se_lee_una_vez_y_vuelve_del_fichero(tmp_path: Path) -> None:
    fichero = tmp_path / NOMBRE_DEL_FICHERO
    texto = "# Tiradas\n\n## Ventaja {#ventaja}\n\n```tapiz-regla\nregla: accion\n```\n"
    leidas: list[int] = []

    def leer() -> estructura.Estructura:
        leidas.append(1)
        return estructura.leer(texto, 3)

    primera = Cache(fichero, "h")
    assert objeto_guardado(primera, leer, "estructura", texto, "3") == estructura.leer(texto, 3)
    primera.cerrar()
    en_otro_proceso = objeto_guardado(Cache(fichero, "h"), leer, "estructura", texto, "3")
    assert en_otro_proceso == estructura.leer(texto, 3)
    assert en_otro_proceso.vallas and leidas == [1]


def test_los_ficheros_bajo_una_carpeta_dan_la_huella_de_sus_path(tmp_path: Path) -> None:
    """``ficheros_bajo`` (textos, sin ``Path``) da los mismos ficheros que ``rglob``, y la
    huella no cambia por darlos como texto ni por su orden (``a-b`` va tras ``a/``, como en
    ``Path``): una caché guardada sigue sirviendo."""
    for ruta in ("a/b.py", "a-b.py", "a/c/d.py", "e.md", "a/f.txt"):
        (tmp_path / ruta).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / ruta).write_text(ruta, encoding="utf-8")
    textos = list(ficheros_bajo(tmp_path, lambda nombre: nombre.endswith(".py")))
    rutas = sorted(tmp_path.rglob("*.py"))
    assert sorted(textos) == sorted(map(str, rutas)) and len(textos) == 3
    assert huella(reversed(textos)) == huella(rutas) == _huella_ordenando_path(rutas)


def _huella_ordenando_path(ficheros: list[Path]) -> str:
    """Como se calculaba antes: ordenando los ``Path``."""
    resumen = hashlib.sha256(f"{FORMATO}\0{sys.version}\0{marshal.version}".encode())
    for fichero in sorted(set(ficheros)):
        estado = fichero.stat()
        resumen.update(f"{fichero}\0{estado.st_size}:{estado.st_mtime_ns}\0".encode())
    return resumen.hexdigest()


def test_la_api_se_toma_de_la_cache_mientras_no_cambie_una_pagina(tmp_path: Path) -> None:
    """Lo mismo que calcularla; otra vez, sin calcular nada; tras guardar una página, con el
    cambio (las demás secciones, con su HTML recordado)."""
    from mkdocs_plugins.extension import api
    from mkdocs_plugins.nucleo.fuente.configuracion import cargar_configuracion
    from mkdocs_plugins.plugin import api_guardada

    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    pagina = tmp_path / "una.md"
    pagina.write_text("# Una {#una}\n\nPrimera versión.\n", encoding="utf-8")
    (tmp_path / "otra.md").write_text("# Otra {#otra}\n\nSin cambios.\n", encoding="utf-8")
    cache = Cache(None, "h")
    primera = api_guardada.ficheros(configuracion, cache)
    assert "Primera" in primera["paginas/una.json"] and cache.fallos == 1
    assert api_guardada.ficheros(configuracion, cache) == primera and cache.aciertos == 1
    pagina.write_text("# Una {#una}\n\nSegunda versión.\n", encoding="utf-8")
    segunda = api_guardada.ficheros(configuracion, cache)
    assert segunda == api.ficheros(configuracion) and "Segunda" in segunda["paginas/una.json"]
    assert any("Sin cambios" in html for html in cache.memoria[api_guardada.CONVERSIONES].values())


def test_lo_que_usa_el_auxiliar_queda_en_la_cache_de_mkdocs(tmp_path: Path) -> None:
    """El auxiliar usa su copia de la caché (se bifurca de MkDocs); lo que usó, y lo que
    calculó, vuelve a MkDocs, que lo conserva al cerrarla."""
    fichero = tmp_path / "cache" / "bloques"
    primera = Cache(fichero, "h")
    primera.guardar("vieja", "texto")
    primera.guardar("sin usar", 1)
    primera.cerrar()
    for vez in range(2):
        mkdocs, auxiliar = Cache(fichero, "h"), Cache(fichero, "h")
        assert auxiliar.obtener("vieja") == "texto"
        if auxiliar.obtener("nueva") is None:
            auxiliar.guardar("nueva", [1, 2])
        claves, calculadas = auxiliar.lo_usado()
        assert calculadas == ({} if vez else {"nueva": [1, 2]})
        mkdocs.recordar((claves, calculadas))
        mkdocs.cerrar()
    final = Cache(fichero, "h")
    assert final.obtener("vieja") == "texto" and final.obtener("nueva") == [1, 2]
    assert final.obtener("sin usar") is None
