"""Los bloques ejecutados por adelantado en otros procesos: lo mismo, y sin perder un error."""

from __future__ import annotations

import gc
import json
import marshal
import multiprocessing
import multiprocessing.util
import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path
from typing import Any

import pytest
from markdown import Markdown

from mkdocs_plugins.extension import Pagina, TapizExtension
from mkdocs_plugins.extension import api as api_estatica
from mkdocs_plugins.extension.extension import huella_del_texto
from mkdocs_plugins.extension.pagina import EXTENSIONES
from mkdocs_plugins.nucleo.api import identificadores
from mkdocs_plugins.nucleo.datos import cache
from mkdocs_plugins.nucleo.fuente import Estructura, Problema, estructura
from mkdocs_plugins.nucleo.fuente.configuracion import FICHERO, cargar_configuracion
from mkdocs_plugins.nucleo.paginas import catalogo
from mkdocs_plugins.nucleo.sin_conexion import sin_conexion
from mkdocs_plugins.nucleo.vivo import motor, precompilado
from mkdocs_plugins.plugin import contenido
from mkdocs_plugins.plugin.adelanto import encargos, salida
from mkdocs_plugins.plugin.adelanto import procesos as adelanto
from mkdocs_plugins.plugin.adelanto.ejecutor import Ejecutor, PaginaPendiente, orden
from mkdocs_plugins.plugin.adelanto.reparto import EN_MKDOCS, Reparto
from tests import esperas
from tests.plugin.conftest import AVISO, PAGINAS, construir, publicado, sitio

RAIZ = Path(__file__).resolve().parents[2]


def _con(proyecto: Path, ajustes: str) -> None:
    yml = proyecto / "mkdocs.yml"
    yml.write_text(yml.read_text("utf-8").replace("catalogo: false", ajustes), encoding="utf-8")


def _esperar_a_los_procesos() -> None:
    for proceso in multiprocessing.active_children():
        assert esperas.a_que_salga(proceso.pid), "los procesos auxiliares no terminan"


def _con_el_motor(proyecto: Path) -> None:
    """Con Pyodide y su Python ya precompilado en la caché del proyecto (aquí sin ``.pyc`` ni
    código generado: el motor va en fuentes), como tras la primera construcción en una máquina,
    sin Node; y con las plantillas del libro, que publican la lista sin conexión."""
    (proyecto / "node_modules").symlink_to(RAIZ / "node_modules", target_is_directory=True)
    pyodide = motor.carpeta_pyodide(proyecto)
    assert pyodide is not None, "falta node_modules/pyodide («npm ci»)"
    huella = precompilado.huella(pyodide, precompilado.fuentes())
    cache_del_motor = proyecto / precompilado.CACHE / huella / precompilado.SIN_NADA_MAS
    cache_del_motor.mkdir(parents=True)
    shutil.copy(pyodide / precompilado.BIBLIOTECA, cache_del_motor)
    zipfile.ZipFile(cache_del_motor / precompilado.PYC, "w").close()
    (cache_del_motor / precompilado.GENERADO).write_bytes(marshal.dumps({}))
    with zipfile.ZipFile(pyodide / precompilado.BIBLIOTECA) as biblioteca:
        todo = "\n".join(biblioteca.namelist())  # lo importe quien lo importe, ya está
    (cache_del_motor.parent / precompilado.BASE).write_text(todo, encoding="utf-8")
    yml = proyecto / "mkdocs.yml"
    plantillas = f"  language: es\n  custom_dir: {RAIZ / 'mkdocs_plugins' / 'tema'}\n"
    yml.write_text(yml.read_text("utf-8").replace("  language: es\n", plantillas), "utf-8")


def _binarios(proyecto: Path) -> dict[str, bytes]:
    vivo = proyecto / "site" / motor.CARPETA
    return {str(f.relative_to(vivo)): f.read_bytes() for f in vivo.rglob("*") if f.is_file()}


def test_con_adelanto_se_publica_lo_mismo_que_sin_el(tmp_path: Path) -> None:
    """Lo mismo, byte a byte, y también lo que escribe el auxiliar: con el Python del motor ya
    precompilado, ``motor.zip``, Pyodide y la API, y las huellas de la lista sin conexión."""
    paginas = [PAGINAS / "correcta.md", PAGINAS / "ejemplo-html-hostil.md"]
    adelantado = sitio(tmp_path / "adelantado", paginas)
    _con(adelantado, "catalogo: false\n      api: true\n      estado: true\n      procesos: 1")
    en_mkdocs = sitio(tmp_path / "en-mkdocs", paginas)
    _con(en_mkdocs, "catalogo: false\n      api: true\n      estado: true\n      cache: false")
    for proyecto in (adelantado, en_mkdocs):
        _con_el_motor(proyecto)
        construido = construir(proyecto, "--strict")
        assert construido.returncode == 0
        assert "sin precompilar" not in construido.stderr  # de la caché, sin Node
    assert _binarios(adelantado) == _binarios(en_mkdocs) and "motor.zip" in _binarios(adelantado)
    lo_mismo = publicado(adelantado)
    assert lo_mismo == publicado(en_mkdocs)
    lista = json.loads(lo_mismo[sin_conexion.LISTA])
    assert f"{motor.CARPETA}/motor.zip" in lista["bajo_demanda"]
    assert "api/v1/index.json" in lista["bajo_demanda"]
    assert "colaborar/estado/index.html" in lista["bajo_demanda"]


def test_un_error_se_informa_aunque_las_paginas_se_adelanten(tmp_path: Path) -> None:
    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md", PAGINAS / "ejemplo-valor-incorrecto.md"])
    _con(proyecto, "catalogo: false\n      procesos: 1")
    resultado = construir(proyecto, "--strict")
    assert resultado.returncode != 0
    for linea in PAGINAS.joinpath("ejemplo-valor-incorrecto.txt").read_text("utf-8").splitlines():
        assert linea in resultado.stderr


LIBRO_EN_UN_PROCESO = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
config = load_config("mkdocs.yml", site_dir=sys.argv[1])
tapiz = config.plugins["tapiz"].config
tapiz.procesos, tapiz.cache_dir = 0, sys.argv[2]
build(config)
"""


def test_los_procesos_auxiliares_dan_lo_mismo_que_la_construccion(
    tmp_path: Path, libro: Path
) -> None:
    """Todo el libro, los Lienzos y el catálogo: cada bloque, con la misma clave y el mismo
    resultado que guarda una construcción hecha solo en MkDocs; y cada página, byte a byte, la
    misma que la del libro construido con el auxiliar y el escritor de páginas."""
    subprocess.run(
        [sys.executable, "-c", LIBRO_EN_UN_PROCESO, str(tmp_path / "site"), str(tmp_path)],
        cwd=RAIZ,
        check=True,
        capture_output=True,
        timeout=300,
    )
    en_un_proceso = tmp_path / "site"
    paginas = sorted(p.relative_to(libro) for p in libro.rglob("*.html"))
    assert len(paginas) > 40
    distintas = [p for p in paginas if (libro / p).read_bytes() != (en_un_proceso / p).read_bytes()]
    assert not distintas
    guardadas = marshal.loads((tmp_path / cache.NOMBRE_DEL_FICHERO).read_bytes())["entradas"]
    # Los bloques (su HTML y lo demás); no la API entera, que la caché guarda también.
    de_bloques = {c: v for c, v in guardadas.items() if isinstance(v, dict) and "html" in v}
    configuracion = cargar_configuracion(RAIZ / FICHERO, RAIZ, RAIZ / "srd")
    ejecutor = Ejecutor(configuracion)
    adelantadas: dict[str, object] = {}
    for fichero in sorted((RAIZ / "srd").rglob("*.md")):
        ruta = fichero.relative_to(RAIZ).as_posix()
        adelantadas |= ejecutor.entradas_de(PaginaPendiente(ruta, str(fichero)))
    catalogo_ = PaginaPendiente(f"srd/{catalogo.RUTA}", None, catalogo.markdown())
    adelantadas |= ejecutor.entradas_de(catalogo_)
    assert len(de_bloques) > 250
    assert {
        c: v for c, v in adelantadas.items() if isinstance(v, dict) and "html" in v
    } == de_bloques
    # Y las distribuciones de todos los dados del texto, escritas igual que en MkDocs.
    distribuciones = {c: v for c, v in guardadas.items() if isinstance(v, str) and v[:2] == "[["}
    assert len(distribuciones) > 20
    assert {c: adelantadas.get(c) for c in distribuciones} == distribuciones
    # Y lo que cambia con las reglas de quien lee, en cada página que lo muestra.
    variantes = {c: v for c, v in guardadas.items() if isinstance(v, str) and '"descripcion"' in v}
    assert len(variantes) > 10
    assert {c: adelantadas.get(c) for c in variantes} == variantes


def test_las_paginas_llegan_de_otro_proceso_y_un_fallo_no_se_pierde(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    pagina = tmp_path / "una.md"
    pagina.write_text(AVISO, encoding="utf-8")
    paginas = [
        PaginaPendiente("srd/no-existe.md", str(tmp_path / "no-existe.md")),
        PaginaPendiente("srd/una.md", str(pagina)),
    ]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1)
    try:
        _esperar_a_los_procesos()
        assert trabajo.entradas("srd/nunca-encargada.md") == {}
        assert trabajo.entradas("srd/no-existe.md") == {}
        (bloque,) = [e for e in trabajo.entradas("srd/una.md").values() if isinstance(e, dict)]
        assert 'id="un-veinte-natural"' in bloque["html"]
    finally:
        trabajo.cerrar()


def test_la_extension_en_mkdocs_usa_lo_que_leyo_otro_proceso_del_mismo_texto(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Con las extensiones de la construcción (aquí, snippets añade un fichero al final), el
    otro proceso ve el texto y las líneas que verá la extensión en MkDocs."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    (tmp_path / "anadido.txt").write_text("*[PG]: Puntos de golpe\n", encoding="utf-8")
    pagina = tmp_path / "una.md"
    pagina.write_text(f"---\ntitle: Una\n---\n\n{AVISO}", encoding="utf-8")
    ajustes = {"pymdownx.snippets": {"base_path": [str(tmp_path)], "auto_append": ["anadido.txt"]}}
    markdown = ([*EXTENSIONES, "pymdownx.snippets"], ajustes)
    ejecutor = Ejecutor(configuracion, markdown)
    ejecutor.entradas_de(PaginaPendiente("srd/una.md", str(pagina)))
    assert ejecutor.leida is not None
    huella, desplazamiento, leida = ejecutor.leida
    assert desplazamiento == 4 and leida.vallas[0].inicio == 7  # la línea del fichero
    leer = estructura.leer

    def leer_otra_vez(*_: object) -> None:
        raise AssertionError("ya se leyó en el otro proceso")

    extension = TapizExtension()
    extension.pagina = Pagina("srd/una.md", configuracion.base, desplazamiento)
    extension.leidas = {(huella, desplazamiento): leida}
    monkeypatch.setattr(estructura, "leer", leer_otra_vez)
    Markdown(extensions=[*markdown[0], extension], extension_configs=ajustes).convert(AVISO)
    assert extension.ultimo is not None and extension.ultimo.estructura is leida
    visto = "\n".join(extension.ultimo.lineas)
    assert "*[PG]: Puntos de golpe" in visto and huella == huella_del_texto(visto)
    assert leida == leer(visto, desplazamiento)


@pytest.mark.parametrize("registrado", [True, False])
def test_el_auxiliar_comprueba_los_identificadores_con_la_clave_de_mkdocs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, registrado: bool
) -> None:
    """Una página sin problemas de identificadores la comprueba el auxiliar, y MkDocs ya no;
    con un identificador sin registrar, el auxiliar no guarda nada y MkDocs lo dice."""
    ejemplo = {"un-veinte-natural": "Un veinte natural"} if registrado else {}
    registro = {"una.md": {"un-aviso": "Un aviso", **ejemplo}}
    (tmp_path / identificadores.FICHERO).write_text(json.dumps(registro), encoding="utf-8")
    (tmp_path / "una.md").write_text(AVISO, encoding="utf-8")
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    recogidas = Ejecutor(configuracion).entradas_de(
        PaginaPendiente("srd/una.md", str(tmp_path / "una.md"))
    )
    en_mkdocs = cache.Cache(None, huella="")
    en_mkdocs.ofrecer(recogidas)
    extension = TapizExtension()
    extension.pagina = Pagina("srd/una.md", configuracion.base)
    Markdown(extensions=[*EXTENSIONES, extension]).convert(AVISO)
    assert extension.ultimo is not None
    comprobar = identificadores.comprobar
    vistas: list[str] = []

    def contar(
        ruta: str, uri: str, leida: Estructura, registro: identificadores.Referencia | None
    ) -> list[Problema]:
        vistas.append("comprobada")
        return comprobar(ruta, uri, leida, registro)

    monkeypatch.setattr(identificadores, "comprobar", contar)
    problemas = contenido.problemas_de_identificadores(
        en_mkdocs, extension.ultimo, "una.md", registro
    )
    if registrado:
        assert problemas == [] and vistas == []
    else:
        assert vistas == ["comprobada"]
        assert [p.linea for p in problemas] == [3]
        assert "«un-veinte-natural» es nuevo" in problemas[0].mensaje


def test_el_primer_proceso_hace_los_encargos_en_orden(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    (tmp_path / "una.md").write_text(AVISO, encoding="utf-8")
    paginas = [PaginaPendiente("srd/una.md", str(tmp_path / "una.md"))]
    encargos = [
        ("api", lambda: api_estatica.ficheros(configuracion)),
        ("roto", lambda: 1 / 0),
        ("motor", lambda: motor.motor_zip(configuracion)),
    ]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=2, encargos=encargos)
    try:
        api = trabajo.encargo("api")
        roto, zip_del_motor = trabajo.encargo("roto"), trabajo.encargo("motor")
        assert trabajo.encargo("nunca-encargado") is None
    finally:
        trabajo.cerrar()
    assert api == api_estatica.ficheros(configuracion) and "paginas/una.json" in api
    assert roto is None  # MkDocs lo hará él, y dirá el error
    assert zip_del_motor == motor.motor_zip(configuracion)


def test_los_encargos_de_antes_van_antes_que_las_paginas(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    suelto = multiprocessing.Event()
    antes = [("pronto", lambda: suelto.wait(esperas.PLAZO) and "hecho")]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1, antes=antes)
    try:
        assert trabajo.entradas("srd/p.md") == {}  # el auxiliar aún no la ha tomado
        suelto.set()
        assert trabajo.encargo("pronto") == "hecho"
    finally:
        trabajo.cerrar()


def test_la_pagina_que_genera_un_encargo_la_lee_el_auxiliar(tmp_path: Path) -> None:
    """Como «Cambios» y «Estado del SRD»: MkDocs recibe lo que dio el encargo y, al convertir
    esa página, sus entradas y lo que markdown-it-py leyó de ella; un encargo que falla no
    deja nada."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    generada = PaginaPendiente("srd/generada.md", None, f"---\ntitle: G\n---\n{AVISO}")
    encargos = [
        ("genera", lambda: adelanto.ConPagina("hecho", generada)),
        ("roto", lambda: adelanto.ConPagina(1 / 0, generada)),
    ]
    trabajo = adelanto.Adelanto(
        configuracion, [], procesos=1, antes=encargos[:1], encargos=encargos[1:]
    )
    try:
        assert trabajo.leida("srd/generada.md") is None  # aún no se ha recogido el encargo
        assert trabajo.encargo("genera") == "hecho" and trabajo.encargo("roto") is None
        (bloque,) = [e for e in trabajo.entradas("srd/generada.md").values() if isinstance(e, dict)]
        leida = trabajo.leida("srd/generada.md")
    finally:
        trabajo.cerrar()
    assert 'id="un-veinte-natural"' in bloque["html"]
    assert leida is not None and leida[1] == 3  # las líneas de su cabecera
    assert leida[2].vallas[0].inicio == 6  # la línea de la valla en la página generada
    assert trabajo.entradas("srd/generada.md") == {} and trabajo.leida("srd/generada.md") is None


def test_al_terminar_el_auxiliar_se_cumple_lo_que_dejaron_sus_encargos(tmp_path: Path) -> None:
    """Una construcción que falla termina el auxiliar: lo que un encargo dejó para el final
    (parar el Node de la precompilación) se hace igual."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    recibe_pid, envia_pid = multiprocessing.Pipe(duplex=False)
    sigue = multiprocessing.Event()

    def lanzar() -> int:
        with salida.sin_cortar():  # como la precompilación: lanzarlo y apuntar quién lo para
            largo = subprocess.Popen(["sleep", "60"])
            envia_pid.send(largo.pid)
            sigue.wait()  # MkDocs lo termina aquí: no sale hasta apuntarlo
            multiprocessing.util.Finalize(largo, largo.kill, exitpriority=1)
        threading.Event().wait()  # el auxiliar sigue trabajando cuando MkDocs lo termina
        return largo.pid

    antes = [("largo", lanzar)]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1, antes=antes)
    try:
        assert recibe_pid.poll(esperas.PLAZO), "el encargo no lanzó su proceso"
        largo = recibe_pid.recv()
        trabajo._procesos[0].terminate()  # como MkDocs, en el peor instante
        sigue.set()
    finally:
        trabajo.cerrar()
    assert esperas.a_que_salga(largo), "el proceso del encargo sigue vivo"


def test_terminar_el_auxiliar_no_espera_lo_que_nadie_va_a_leer(tmp_path: Path) -> None:
    """Con más datos en la cola de los que caben en su tubo (MkDocs ya no los lee), el auxiliar
    termina igual: no se queda esperando a enviarlos."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    ocupado = multiprocessing.Event()

    def lento() -> None:
        ocupado.set()
        threading.Event().wait()

    antes = [("mucho", lambda: b"x" * 10_000_000), ("lento", lento)]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1, antes=antes)
    assert ocupado.wait(esperas.PLAZO)  # lo grande, enviándose; el auxiliar, en otra cosa
    trabajo.cerrar()
    # Salió él (0), no lo mató MkDocs tras esperarlo en vano (-SIGKILL).
    assert trabajo._procesos[0].exitcode == 0


def test_sin_el_proceso_de_los_encargos_no_se_espera(tmp_path: Path) -> None:
    """MkDocs los hace entonces él (el plugin, con el encargo None)."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1, encargos=[("x", dict)])
    try:
        for proceso in trabajo._procesos:
            proceso.kill()
            proceso.join()
        assert trabajo.encargo("x") is None
    finally:
        trabajo.cerrar()


def test_lo_que_mkdocs_envia_a_un_encargo_no_lo_detiene(tmp_path: Path) -> None:
    """Como los ficheros de datos en ``on_env``: mucho más de lo que cabe en el tubo, mientras
    el auxiliar sigue con otro encargo; MkDocs sigue sin esperar (y sin hilos que lo
    escriban), y el encargo lo recibe entero."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    buzon, suelto = encargos.Buzon(), multiprocessing.Event()
    ocupado = [("ocupado", lambda: suelto.wait(esperas.PLAZO) and None), ("recibe", buzon.recibir)]
    trabajo = adelanto.Adelanto(configuracion, [], procesos=1, encargos=ocupado)
    buzon.bifurcado()
    try:
        grande = {Path(f"d{n}.json"): "x" * 100_000 for n in range(20)}
        hilos = threading.active_count()
        buzon.enviar(grande)  # el auxiliar no lee hasta que se le suelte
        assert threading.active_count() == hilos
        suelto.set()
        assert trabajo.encargo("ocupado") is None and trabajo.encargo("recibe") == (True, grande)
    finally:
        trabajo.cerrar()
        buzon.cerrar()


def test_un_aviso_lo_ven_todos_los_encargos_que_lo_esperan(tmp_path: Path) -> None:
    """Como «el sitio está listo», que esperan la API y el motor."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    aviso, esperando = encargos.Aviso(), multiprocessing.Event()

    def primero() -> bool:
        esperando.set()
        return aviso.esperar()

    esperan = [("primero", primero), ("segundo", aviso.esperar)]
    trabajo = adelanto.Adelanto(configuracion, [], procesos=1, encargos=esperan)
    try:
        assert esperando.wait(esperas.PLAZO)
        assert not trabajo._recibidas and trabajo._cola.empty()  # aún esperan
        aviso.avisar()
        assert trabajo.encargo("primero") is True and trabajo.encargo("segundo") is True
    finally:
        trabajo.cerrar()
        aviso.cerrar()


def test_sin_auxiliar_lo_enviado_no_se_queda_esperando(tmp_path: Path) -> None:
    """Si el auxiliar ya no está, el envío acaba (y el encargo da None: MkDocs escribe los
    datos él)."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    buzon = encargos.Buzon()
    trabajo = adelanto.Adelanto(configuracion, [], procesos=1, encargos=[("recibe", buzon.recibir)])
    buzon.bifurcado()
    try:
        for proceso in trabajo._procesos:
            proceso.kill()
            proceso.join()
        buzon.enviar({Path(f"d{n}.json"): "x" * 100_000 for n in range(20)})  # y sigue
        assert trabajo.encargo("recibe") is None
    finally:
        trabajo.cerrar()
        buzon.cerrar()


def test_lo_heredado_no_se_recorre_mientras_hay_auxiliares(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1)
    try:
        assert gc.get_freeze_count() > 0
    finally:
        trabajo.cerrar()
    assert gc.get_freeze_count() == 0


def test_lo_cargado_queda_fuera_de_la_recogida_de_basura_hasta_el_final(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Durante la construcción, lo que ya estaba cargado en ``on_config`` no lo recorre cada
    recogida completa; al acabar, vuelve a ella (en un proceso que construye varias veces)."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from mkdocs_plugins.plugin.plugin import TapizPlugin

    proyecto = sitio(tmp_path, [PAGINAS / "correcta.md"])
    durante: list[int] = []
    original = TapizPlugin.on_nav

    def on_nav(plugin: TapizPlugin, *args: Any, **kwargs: Any) -> Any:
        durante.append(gc.get_freeze_count())
        return original(plugin, *args, **kwargs)

    monkeypatch.setattr(TapizPlugin, "on_nav", on_nav)
    config = load_config(str(proyecto / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    config.plugins["tapiz"].config.procesos = 0
    assert gc.get_freeze_count() == 0
    build(config)
    assert durante and durante[0] > 0
    assert gc.get_freeze_count() == 0


def test_el_auxiliar_deja_la_recogida_de_basura_como_estaba(tmp_path: Path) -> None:
    """Con lo cargado ya congelado (el plugin en «mkdocs build»), cerrar el auxiliar no lo
    devuelve a la recogida de basura."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente("srd/p.md", None, AVISO)]
    gc.freeze()
    try:
        congelados = gc.get_freeze_count()
        adelanto.Adelanto(configuracion, paginas, procesos=1).cerrar()
        assert gc.get_freeze_count() >= congelados > 0
    finally:
        gc.unfreeze()


def test_dentro_de_otro_congelado_no_se_cuenta_lo_congelado(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``gc.get_freeze_count`` recorre todo lo congelado: con el plugin ya congelando (un
    ``Congelado`` vivo), el del auxiliar o del escritor no lo pregunta, y al soltarse no
    devuelve nada a la recogida; el de fuera, al final, sí."""
    contadas: list[int] = []
    contar = gc.get_freeze_count
    monkeypatch.setattr(gc, "get_freeze_count", lambda: contadas.append(1) or contar())
    fuera = adelanto.Congelado()
    try:
        dentro = adelanto.Congelado()
        assert len(contadas) == 1
        dentro.soltar()
        assert contar() > 0
    finally:
        fuera.soltar()
    assert contar() == 0


def test_mkdocs_se_queda_las_paginas_que_nadie_ha_empezado(tmp_path: Path) -> None:
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente(f"srd/p{i}.md", None, AVISO) for i in range(8)]
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1)
    try:
        # La última aún no la ha empezado nadie: MkDocs la hace, sin esperar su turno...
        assert trabajo.entradas("srd/p7.md") == {}
        # ...y el otro proceso se la salta; las demás llegan de él.
        _esperar_a_los_procesos()
        for i in range(7):
            entradas = trabajo.entradas(f"srd/p{i}.md").values()
            assert len([e for e in entradas if isinstance(e, dict)]) == 1
    finally:
        trabajo.cerrar()


def test_el_auxiliar_deja_a_mkdocs_la_pagina_que_necesita_justo_despues() -> None:
    """Si el auxiliar la alcanza, no va por delante: MkDocs la esperaría."""
    estados = Reparto(4, multiprocessing.get_context("fork"))
    assert estados.para_mkdocs(0)
    assert not estados.para_un_auxiliar(1)
    assert estados.para_un_auxiliar(2)
    assert estados.para_mkdocs(1)


def test_mientras_espera_una_pagina_mkdocs_adelanta_las_siguientes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Con el auxiliar ocupado en la página que MkDocs necesita (aquí, retenido en la primera),
    MkDocs ejecuta él las siguientes que nadie ha tomado en lugar de esperar parado; al
    llegar a ellas, ya las tiene."""
    configuracion = cargar_configuracion(None, tmp_path, tmp_path)
    paginas = [PaginaPendiente(f"srd/p{i}.md", None, AVISO) for i in range(3)]
    entradas_de = Ejecutor.entradas_de
    empezada, suelta = multiprocessing.Event(), multiprocessing.Event()

    def retenida_la_primera(ejecutor: Ejecutor, pagina: PaginaPendiente) -> dict:
        if pagina.ruta == "srd/p0.md":
            empezada.set()
            suelta.wait(esperas.PLAZO)
        return entradas_de(ejecutor, pagina)

    monkeypatch.setattr(Ejecutor, "entradas_de", retenida_la_primera)
    trabajo = adelanto.Adelanto(configuracion, paginas, procesos=1)
    try:
        assert empezada.wait(esperas.PLAZO)  # el auxiliar empezó la primera
        primera: list[dict] = []
        espera = threading.Thread(target=lambda: primera.append(trabajo.entradas("srd/p0.md")))
        espera.start()
        esperas.hasta_que(
            lambda: trabajo._estados[1] == trabajo._estados[2] == EN_MKDOCS,
            "MkDocs no tomó las siguientes mientras esperaba",
        )
        suelta.set()
        espera.join(esperas.PLAZO)
        assert primera and primera[0]
        for ruta in ("srd/p1.md", "srd/p2.md"):
            entradas = trabajo.entradas(ruta).values()
            assert len([e for e in entradas if isinstance(e, dict)]) == 1
    finally:
        trabajo.cerrar()


def test_el_auxiliar_empieza_por_las_paginas_con_codigo_que_colorear() -> None:
    """Pygments compila cada lenguaje la primera vez que lo usa un proceso: el auxiliar colorea
    antes que nada, y MkDocs toma el HTML de la caché. Las vallas de Tapiz y las que no dicen
    su lenguaje no cuentan; las demás páginas, en el orden de MkDocs."""
    textos = [
        AVISO,
        "# Código\n\n```python\nprint(1)\n```\n",
        "```tapiz-regla\nsistema: tapiz\n```\n\n```\nsin lenguaje\n```\n",
        'Texto.\n\n  ~~~~ {.yaml linenums="1"}\n  a: 1\n  ~~~~\n',
        "```tapiz-ejemplo\ntirada: 1d6\n```\n",
    ]
    paginas = [PaginaPendiente(f"srd/p{i}.md", None, t) for i, t in enumerate(textos)]
    assert orden(paginas) == [1, 3, 0, 2, 4]


def test_con_otros_hilos_vivos_no_se_bifurca() -> None:
    fin = threading.Event()
    hilo = threading.Thread(target=fin.wait)
    hilo.start()
    try:
        assert not adelanto.se_puede_bifurcar()
    finally:
        fin.set()
        hilo.join()
