"""El sitio en Chromium: privacidad, accesibilidad, búsqueda sin tildes y libro imprimible."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from playwright.sync_api import TimeoutError as SinRespuesta

from tests.conftest import mkdocs_yml
from tests.navegador.axe import REGLAS_DEL_MOVIL, violaciones
from tests.navegador.conftest import (
    ESCRITORIO,
    MOVIL,
    buscar,
    cambiar_esquema,
    llevar_a_la_calculadora,
    texto_entero,
)

pytestmark = pytest.mark.navegador

PAGINAS_ABIERTAS = ["", "hacer-cosas/", "rango-y-movimiento/"]
"""Las páginas del recorrido en que axe mira los widgets abiertos (:func:`_abrir_los_widgets`)."""


CARGAN = {
    "stylesheet",
    "preload",
    "modulepreload",
    "prefetch",
    "preconnect",
    "dns-prefetch",
    "icon",
    "apple-touch-icon",
    "manifest",
}
"""Los ``rel`` de ``<link>`` con que el navegador pide algo al abrir la página."""


class _Recursos(HTMLParser):
    """Lo que una página pide al abrirse: ``src`` de cualquier elemento, ``srcset``, ``data``
    de ``<object>`` y los ``<link>`` de ``CARGAN``."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        atributos = {k: v or "" for k, v in attrs}
        self.urls += [atributos[a] for a in ("src", "data") if a in atributos]
        self.urls += [u.split()[0] for u in atributos.get("srcset", "").split(",") if u.strip()]
        if tag == "link" and CARGAN & set(atributos.get("rel", "").lower().split()):
            self.urls.append(atributos.get("href", ""))


def test_ninguna_pagina_carga_nada_de_otro_sitio(libro):
    """En el HTML de cada página del libro, nada que se pida a otro sitio al cargarla entera
    (el recorrido llega a casi todas por la navegación instantánea)."""
    paginas = sorted(libro.rglob("*.html"))
    assert len(paginas) > len(RECORRIDO)
    de_fuera = {}
    for pagina in paginas:
        lector = _Recursos()
        lector.feed(pagina.read_text(encoding="utf-8"))
        if externas := [u for u in lector.urls if urlsplit(u).netloc or u.startswith("//")]:
            de_fuera[str(pagina.relative_to(libro))] = externas
    assert de_fuera == {}


def _abrir_los_widgets(pagina, ruta: str) -> None:
    """Un dado tirado y su gráfica y, en «Hacer cosas», la calculadora tras pedir una tirada
    sin el motor en la página, que lo dice (con él la mira test_calculadora.py): axe los mira
    abiertos en las páginas de :data:`PAGINAS_ABIERTAS`."""
    dado = pagina.locator("button.tapiz-dados").first
    if dado.count():
        dado.click()
        pagina.locator(".tapiz-tirada-zona button[aria-expanded]").first.click()
        pagina.locator(".tapiz-grafica").first.wait_for()
    if ruta == "hacer-cosas/":
        llevar_a_la_calculadora(pagina)
        # El clic como evento, sin apuntar con el ratón: en la suite entera, alguna vez el clic
        # no llegaba al botón (algo se movía en la página) y la espera se agotaba.
        pagina.get_by_role("button", name="Tirar", exact=True).dispatch_event("click")
        estado = pagina.locator(".tapiz-calculadora p[role='status']")
        dice = "e => e.textContent.includes('no se puede tirar')"
        try:
            pagina.wait_for_function(dice, arg=estado.element_handle())
        except SinRespuesta:
            pytest.fail(f"la calculadora sin motor dice «{estado.inner_text()}»")


def _buscar(pagina, consulta: str) -> list[str]:
    buscar(pagina, consulta)
    titulos = pagina.locator(".md-search-result__item > .md-search-result__link h1")
    return titulos.all_text_contents()


SIN_TILDES = {
    "accion": "Hacer cosas",
    "dano": "Daño y puntos de golpe",
    "tamano": "Tamaño",
    "heroicidad": "Puntos de heroicidad",
    "TZR0002": "Rango y movimiento",
}
"""Consultas sin tildes (o un código de regla) y una página que deben encontrar."""
PRIMERO = {
    "accion": "Hacer cosas",
    "tamano": "Tamaño",
    "carga": "Rango y movimiento",
    "postura": "Posturas",
    "heroicidad": "Puntos de heroicidad",
}
"""Consultas y el capítulo que las define, que debe salir primero (y nunca el catálogo)."""


def test_la_busqueda_encuentra_sin_tildes_y_pone_primero_el_capitulo_que_define(pestana):
    """Todas las consultas en la misma visita a la portada, como quien busca varias cosas."""
    pestana.ir("")
    hallazgos = []
    for consulta in SIN_TILDES | PRIMERO:
        titulos = _buscar(pestana.page, consulta)
        if consulta in SIN_TILDES and SIN_TILDES[consulta] not in titulos:
            hallazgos.append(f"«{consulta}» no encuentra «{SIN_TILDES[consulta]}»: {titulos}")
        if consulta in PRIMERO and titulos[:1] != [PRIMERO[consulta]]:
            hallazgos.append(f"«{consulta}» no pone primero «{PRIMERO[consulta]}»: {titulos}")
        if consulta in PRIMERO and "Catálogo de reglas" in titulos:
            hallazgos.append(f"«{consulta}» encuentra el catálogo: {titulos}")
    assert hallazgos == []


def test_el_dialogo_de_busqueda_se_llama_como_su_campo(pestana):
    pestana.ir("")
    _el_dialogo_de_busqueda_se_llama_como_su_campo(pestana)


def _el_dialogo_de_busqueda_se_llama_como_su_campo(pestana):
    dialogo = pestana.page.get_by_role("dialog", name="Búsqueda", include_hidden=True)
    assert dialogo.count() == 1
    campo = pestana.page.locator(".md-search__input")
    assert dialogo.get_attribute("aria-label") == campo.get_attribute("aria-label")


def test_el_indice_de_busqueda_lleva_las_palabras_sin_tildes(sitio):
    with urlopen(sitio + "search/search_index.json") as respuesta:
        indice = json.load(respuesta)
    assert "texto_sin_tildes" in indice["config"]["fields"]
    plegadas = " ".join(d.get("texto_sin_tildes", "") for d in indice["docs"]).split()
    assert {"accion", "dano", "tamano"} <= set(plegadas)


def test_el_libro_completo_en_una_visita(pestana):
    """Todo lo del libro completo (la página más grande del sitio) en una sola visita: sus
    páginas y enlaces, su buscador, el primer dado a pocas paradas de tabulador y, al final,
    lo que se imprime."""
    pestana.ir("libro/")
    _tiene_todas_las_paginas_y_enlaces_internos(pestana)
    _el_dialogo_de_busqueda_se_llama_como_su_campo(pestana)
    _el_primer_dado_esta_a_pocas_paradas_de_tabulador(pestana)
    _impreso_tiene_portada_indice_y_solo_lo_que_se_imprime(pestana)


def _tiene_todas_las_paginas_y_enlaces_internos(pestana):
    pagina = pestana.page
    capitulos = pagina.locator(".tapiz-libro__capitulo")
    enlaces_nav = pagina.eval_on_selector_all(
        "nav.md-nav--primary a.md-nav__link[href]",
        "as => new Set(as.map(a => a.href.split('#')[0])"
        ".filter(h => !/\\/(colaborar|sistemas|cambios|hoja-de-personaje)\\//.test(h)))"
        ".size",
    )
    # Todas las páginas de la navegación menos el propio libro, las de quien colabora,
    # los apéndices de otros sistemas, que no son el SRD de Tapiz, el registro de cambios y la
    # hoja de personaje (el PDF lleva la suya, imprimible).
    assert capitulos.count() == enlaces_nav - 1
    assert capitulos.locator("h1").count() >= capitulos.count()
    rotos = pagina.evaluate(
        """() => [...document.querySelectorAll('.tapiz-libro a[href^="#"]')]
              .map(a => decodeURIComponent(a.getAttribute('href').slice(1)))
              .filter(id => id && !document.getElementById(id))"""
    )
    assert rotos == []
    ids = pagina.evaluate("() => [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "ids repetidos en el libro"
    assert pagina.get_by_role("button", name="Imprimir / guardar como PDF").is_visible()


def test_al_imprimir_se_ocultan_la_navegacion_y_los_botones(pestana):
    pagina = pestana.page
    pestana.ir("hacer-cosas/")
    pagina.locator("button.tapiz-dados").first.click()
    pagina.emulate_media(media="print")
    for selector in [".md-header", ".md-sidebar--primary", ".md-footer", ".tapiz-tirada"]:
        assert pagina.locator(selector).first.is_hidden(), selector
    assert pagina.locator("button.tapiz-dados").first.is_visible()


def test_las_abreviaturas_se_explican_sin_una_parada_de_tabulador_cada_una(pestana):
    pestana.ir("introduccion/")
    articulo = pestana.page.locator("article")
    assert articulo.locator("abbr[tabindex]").count() == 0
    # «Directora de Juego (DJ)»: el texto ya lo dice, no se escribe otra vez.
    primera = articulo.locator("abbr", has_text="DJ").first
    assert primera.evaluate("a => a.nextElementSibling?.className ?? ''") != "tapiz-expansion"
    assert articulo.locator(".tapiz-expansion").count() > 0
    expansiones = articulo.locator(".tapiz-expansion").all_text_contents()
    assert len(expansiones) == len(set(expansiones))  # solo la primera de cada una


def test_tocar_una_abreviatura_en_el_movil_muestra_su_significado(pestana):
    pestana.page.set_viewport_size(MOVIL)
    pestana.ir("introduccion/")
    abreviatura = pestana.page.locator("article abbr", has_text="DJ").nth(1)
    abreviatura.click()
    contenido = abreviatura.evaluate("a => getComputedStyle(a, '::after').content")
    assert contenido == '"Directora de Juego"'
    pestana.page.locator("article h1").click()
    assert abreviatura.evaluate("a => getComputedStyle(a, '::after').content") == "none"


def _el_primer_dado_esta_a_pocas_paradas_de_tabulador(pestana):
    pagina = pestana.page
    assert pagina.locator("article abbr[tabindex]").count() == 0
    # Desde el comienzo del primer capítulo (antes están la portada y el índice, que son enlaces).
    pagina.evaluate(
        """() => { const c = document.querySelector('.tapiz-libro__capitulo');
                   c.tabIndex = -1; c.focus(); }"""
    )
    paradas = 0
    en_un_dado = "() => document.activeElement.matches('button.tapiz-dados')"
    while paradas < 200 and not pagina.evaluate(en_un_dado):
        pagina.keyboard.press("Tab")
        paradas += 1
    assert paradas < 10, paradas
    nombre = pagina.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert nombre.startswith("Tirar ") and "⚄" not in nombre


@pytest.mark.parametrize("ruta", ["posturas/", "rango-y-movimiento/", "tamano/"])
def test_en_el_movil_una_tabla_ancha_dice_que_se_desplaza(pestana, ruta):
    pestana.page.set_viewport_size(MOVIL)
    pestana.ir(ruta)
    # dados.js carga tablas.js la primera vez que una tabla no cabe: el aviso llega después.
    pestana.page.wait_for_selector(".tapiz-desliza")
    anchas = pestana.page.evaluate(
        """() => [...document.querySelectorAll('article table')]
            .filter(t => t.getBoundingClientRect().width > innerWidth)
            .map(t => {
              const caja = t.closest('.md-typeset__scrollwrap');
              return {
                desplazable: !!caja && getComputedStyle(caja).overflowX === 'auto',
                aviso: caja?.previousElementSibling?.textContent ?? '',
                teclado: caja?.tabIndex === 0,
                // Los estilos del aviso llegan con tablas.js: la sombra del borde.
                sombra: getComputedStyle(caja).boxShadow !== 'none',
              };
            })"""
    )
    assert anchas, "se esperaba al menos una tabla más ancha que el móvil"
    for tabla in anchas:
        assert tabla == {
            "desplazable": True,
            "aviso": "Desliza la tabla a los lados para verla entera →",
            "teclado": True,
            "sombra": True,
        }
    # Y ningún otro elemento se sale de la pantalla.
    salidos = pestana.page.evaluate(
        """() => [...document.querySelectorAll('article *')]
            .filter(e => !e.closest('.md-typeset__scrollwrap'))
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
            .map(e => e.tagName + '.' + e.className)"""
    )
    assert salidos == []


def _impreso_tiene_portada_indice_y_solo_lo_que_se_imprime(pestana):
    pagina = pestana.page
    indice = pagina.locator(".tapiz-indice a")
    capitulos = pagina.locator(".tapiz-libro__capitulo")
    assert indice.count() == capitulos.count()
    assert indice.first.get_attribute("href").endswith("#libro-1")
    pagina.emulate_media(media="print")
    assert pagina.locator(".tapiz-portada").is_visible()
    assert pagina.locator(".tapiz-portada__titulo").inner_text() == "Sistema Tapiz"
    # Nada que remita a un widget que no se imprime, ni el «listo para imprimir» de la pantalla.
    for selector in [
        ".tapiz-solo-pantalla",
        ".tapiz-calculadora",
        ".tapiz-tirador",
        ".tapiz-repetir",
        ".tapiz-probar",
    ]:
        assert all(not e.is_visible() for e in pagina.locator(selector).all()), selector
    assert "listo para imprimir" not in pagina.locator("article").inner_text()
    assert "La calculadora siguiente" not in pagina.locator("article").inner_text()
    estilos = pagina.evaluate(
        """() => ({
            titulo: getComputedStyle(document.querySelector('.tapiz-libro h2')).breakAfter,
            tarjeta: getComputedStyle(document.querySelector('.tapiz-ejemplo')).breakInside,
            tabla: getComputedStyle(document.querySelector('.tapiz-libro table')).breakInside,
            dado: getComputedStyle(
              document.querySelector('button.tapiz-dados'), '::before').content,
        })"""
    )
    assert estilos == {"titulo": "avoid", "tarjeta": "avoid", "tabla": "avoid", "dado": "none"}
    assert "Catálogo de reglas" not in pagina.locator(".tapiz-indice").inner_text()


LENGUAJE_DEL_MOTOR = {
    # Un número de versión («0.1.0», en la página «Cambios») no es un número del motor.
    "número en coma flotante": r"(?<![.\d])(?:\d+\.\d{4,}|\d+\.0\b|0\.\d+)(?![.\d])",
    "literal de programa": r"\b(?:null|None|true|false|True|False|obligatoria)\b",
    "identificador": r"\b[a-z]+_[a-z_]+\b",
    "lista de Python": r"\[\d+, \d+",
    "etiqueta de regla": r"· regla",
}


# El recorrido: cada página del menú, y el catálogo, como quien lee el libro de un enlace a otro
# (la navegación instantánea de Material; solo la primera página de cada proceso se carga
# entera), en dos pasadas (VISITAS): en claro en el escritorio, todas; en oscuro en el móvil, las
# de fuera del libro, la portada, las que tienen widgets abiertos y el libro completo, que reúne
# los capítulos (EN_EL_CAPITULO: su contenido se mira ahí). En cada visita se comprueba que no
# haya nada de fuera ni ningún error, y las tablas anchas, y se apunta cada hallazgo con su
# página y su esquema para afirmarlo al final. Con el claro, axe entero, las abreviaturas
# (explicadas una vez, sin repetir lo que dice el texto) y ni rastro del motor tras pulsar cada
# «Repetir»; con el oscuro, las reglas de axe que dependen del color y que la página no sea más
# ancha que el móvil. Es una prueba por página y esquema, para que pytest-xdist las reparta; la
# misma pestaña sirve a todas las de un proceso, con su caché HTTP y axe ya cargado. El motor
# en la página queda apagado: «Repetir» pinta lo precalculado, y el texto del motor en vivo lo
# mira test_vivo_tarjetas.py. Que ninguna página pida nada de otro sitio al cargarse entera lo
# mira, en el HTML de todas, test_ninguna_pagina_carga_nada_de_otro_sitio.


def _paginas_del_menu() -> list[str]:
    """Las rutas de las páginas de ``nav`` (``sistemas/d20.md`` → ``sistemas/d20/``)."""
    nav = mkdocs_yml()["nav"]

    def ficheros(entradas):
        for entrada in entradas:
            valores = entrada.values() if isinstance(entrada, dict) else [entrada]
            for valor in valores:
                yield from ficheros(valor) if isinstance(valor, list) else [valor]

    rutas = []
    for fichero in ficheros(nav):
        ruta = fichero.removesuffix(".md").removesuffix("index").removesuffix("/")
        rutas.append(f"{ruta}/" if ruta else "")
    return rutas


MENU = _paginas_del_menu()
RECORRIDO = [*MENU, "catalogo/"]


def test_el_recorrido_pasa_por_todas_las_paginas_del_menu(pestana):
    """Las páginas del recorrido son las que enlaza el menú del sitio construido."""
    pestana.ir("")
    enlaces = pestana.page.eval_on_selector_all(
        "nav.md-nav--primary a.md-nav__link[href]", "as => as.map(a => a.href)"
    )
    enlazadas = {e.split("#")[0] for e in enlaces if e.startswith(pestana.base)}
    assert enlazadas == {pestana.base + ruta for ruta in MENU}
    assert len(RECORRIDO) > 30 and "catalogo/" not in MENU
    assert len([r for r in MENU if "colaborar/" not in r]) > 25


@pytest.fixture
def recorrido(_compartida):
    """La pestaña de cada proceso (la de ``pestana``, con el motor apagado y su caché HTTP)."""
    return _compartida


_REPETIR_TODAS = """async () => {
  const tarjetas = [...document.querySelectorAll('.tapiz-ejemplo:has(button.tapiz-repetir)')];
  for (const tarjeta of tarjetas) tarjeta.querySelector('button.tapiz-repetir').click();
  const faltan = () => tarjetas.filter((t) => !t.classList.contains('tapiz-ejemplo--repetido'));
  const limite = Date.now() + 60_000;
  while (faltan().length && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
  return faltan().length;
}"""
"""Pulsa cada «Repetir» de la página y espera a que cada tarjeta se haya redibujado; devuelve
cuántas no lo hicieron."""


def _lenguaje_del_motor(pagina) -> list[str]:
    """Lo que ve quien lee, tarjetas redibujadas por «Repetir» incluidas."""
    sin_redibujar = pagina.evaluate(_REPETIR_TODAS)
    hallazgos = [f"{sin_redibujar} tarjetas no se redibujan al pulsar «Repetir»"] * bool(
        sin_redibujar
    )
    return hallazgos + lenguaje_del_motor(texto_entero(pagina, ".md-content article"))


def lenguaje_del_motor(texto: str) -> list[str]:
    texto = re.sub(r"https?://\S+", "", texto)
    return [
        f"{nombre}: {m.group()!r}"
        for nombre, patron in LENGUAJE_DEL_MOTOR.items()
        for m in re.finditer(patron, texto)
    ]


_DOBLES = """() => [...document.querySelectorAll('.tapiz-expansion')].flatMap(e => {
  const abreviatura = e.previousElementSibling;
  const bloque = e.closest('p, li, dd, dt, td, th') ?? e.parentElement;
  const texto = bloque.textContent.replace(/\\s+/g, ' ').toLowerCase();
  const significado = abreviatura.title.toLowerCase();
  return texto.split(significado).length - 1 > 1 ? [bloque.textContent.trim()] : [];
})"""
"""Expansiones que repiten lo que ya dice el texto («Directora de Juego (DJ (Directora…))»)."""

_REPETIDAS = """() => {
  const vistas = [...document.querySelectorAll('.tapiz-libro__capitulo, .md-content article')]
    .filter(c => !c.querySelector('.tapiz-libro__capitulo'))
    .flatMap(c => [...c.querySelectorAll('.tapiz-expansion')]
      .map(e => (c.dataset.origen ?? '') + ' ' + e.previousElementSibling.textContent));
  return vistas.filter((v, i) => vistas.indexOf(v) !== i);
}"""
"""Abreviaturas explicadas más de una vez en una página (o en un capítulo del libro)."""


def _abreviaturas(pagina) -> list[str]:
    dobles = [f"explicada dos veces: {t!r}" for t in pagina.evaluate(_DOBLES)]
    return dobles + [f"explicada otra vez: {v!r}" for v in pagina.evaluate(_REPETIDAS)]


def _mas_ancha_que_la_pantalla(pagina) -> list[str]:
    ancho, pantalla = pagina.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    if ancho <= pantalla:
        return []
    return [f"la página mide {ancho} px en una pantalla de {pantalla} px"]


_TABLAS_ANCHAS = """() => [...document.querySelectorAll('.md-typeset__scrollwrap')]
  .filter(caja => caja.querySelector('table') && caja.scrollWidth > caja.clientWidth + 1)
  .flatMap(caja => {
    const nombre = (caja.querySelector('caption, th')?.textContent ?? '').trim().slice(0, 40);
    const primeras = [...caja.querySelectorAll('tr > :first-child')]
      .filter(c => c.getClientRects().length);
    const antes = primeras.map(c => c.getBoundingClientRect().x);
    caja.scrollLeft = caja.scrollWidth;
    const movidas = primeras.filter((c, i) => Math.abs(c.getBoundingClientRect().x - antes[i]) > 1);
    caja.scrollLeft = 0;
    const transparentes = primeras.filter(c => {
      const fondo = getComputedStyle(c).backgroundColor.match(/[\\d.]+/g) ?? [];
      return fondo.length === 4 && Number(fondo[3]) < 1;
    });
    return [
      ...(movidas.length ? [`«${nombre}»: la primera columna se va al desplazar la tabla`] : []),
      ...(transparentes.length ? [`«${nombre}»: la primera columna no tiene fondo opaco`] : []),
    ];
  })"""
"""Las tablas más anchas que su caja se desplazan con la primera columna quieta y opaca."""


FUERA_DEL_LIBRO = (
    "libro/",
    "colaborar/",
    "hoja-de-personaje/",
    "cambios/",
    "sistemas/",
    "catalogo/",
)
EN_EL_LIBRO = [ruta for ruta in RECORRIDO if not ruta.startswith(FUERA_DEL_LIBRO)]
"""Los capítulos que reúne el libro completo (``libro/``); lo comprueba su visita en oscuro."""
EN_EL_CAPITULO = [r for r in EN_EL_LIBRO if r not in ("", *PAGINAS_ABIERTAS)]
"""Los capítulos cuyo contenido se mira en el libro completo, que los reúne con el mismo marcado
y los mismos estilos: axe, las abreviaturas y el lenguaje del motor, en claro; axe, en oscuro.
En su propia página, en claro, lo que depende de ella: que no haya errores ni nada de fuera, y
sus tablas anchas (el libro completo no tiene la tabla de contenidos al lado: sus tablas caben
en otro ancho). axe costaba un cuarto de segundo de CPU en cada uno."""
EN_OSCURO = [r for r in RECORRIDO if r not in EN_EL_CAPITULO]
"""En oscuro en el móvil, las páginas fuera del libro completo, la portada, las que tienen los
widgets abiertos y el libro completo."""
VISITAS = [("light", ruta) for ruta in RECORRIDO] + [("dark", ruta) for ruta in EN_OSCURO]
"""Dos pasadas: en claro en el escritorio, todas las páginas; después, en oscuro en el móvil.
Cambiar de esquema y de tamaño rehace estilos y diseño de la página entera: dos veces en cada
página costaba más CPU que volver a abrirla en la segunda pasada."""


@pytest.mark.parametrize(
    ("esquema", "ruta"),
    VISITAS,
    ids=[f"{ruta.strip('/') or 'inicio'}-{esquema}" for esquema, ruta in VISITAS],
)
def test_cada_pagina_sin_errores_ni_nada_de_fuera_ni_problemas_de_axe(recorrido, esquema, ruta):
    pestana = recorrido
    pagina = pestana.page
    pestana.errores.clear()
    pestana.externas.clear()
    if pagina.url.startswith(pestana.base):
        pestana.navegar(ruta)
    else:
        pagina.set_viewport_size(ESCRITORIO)
        pestana.ir(ruta)
    if ruta in PAGINAS_ABIERTAS:
        _abrir_los_widgets(pagina, ruta)
    visita = _en_claro_en_el_escritorio if esquema == "light" else _en_oscuro_en_el_movil
    hallazgos = visita(pagina, ruta)
    pestana.esperar_a_la_red()
    hallazgos += [f"{ruta or '/'}: {error}" for error in pestana.errores]
    hallazgos += [f"{ruta or '/'}: petición fuera del sitio: {url}" for url in pestana.externas]
    assert hallazgos == []


def _en_claro_en_el_escritorio(pagina, ruta: str) -> list[str]:
    """Las tablas anchas y, salvo en los capítulos que se miran en el libro completo
    (EN_EL_CAPITULO), axe entero y, fuera de las páginas de quien colabora, las abreviaturas
    y el lenguaje del motor tras «Repetir» (el catálogo y las páginas de quien colabora sí
    hablan de él, a propósito). En la portada, además, la búsqueda: abrirla carga el
    trabajador y el índice, que también deben ser locales."""
    donde = f"{ruta or '/'} (claro)"
    cambiar_esquema(pagina, "light", ESCRITORIO)
    hallazgos = [f"{donde}: {h}" for h in pagina.evaluate(_TABLAS_ANCHAS)]
    if ruta in EN_EL_CAPITULO:
        return hallazgos
    hallazgos += [f"{donde}: axe: {v}" for v in violaciones(pagina, recordar=True)]
    if ruta != "catalogo/" and not ruta.startswith("colaborar/"):
        hallazgos += [f"{donde}: {h}" for h in _abreviaturas(pagina)]
        hallazgos += [f"{donde}: lenguaje del motor: {h}" for h in _lenguaje_del_motor(pagina)]
    if ruta == "":
        if not _buscar(pagina, "dados"):
            hallazgos.append(f"{donde}: la búsqueda de «dados» no encuentra nada")
        pagina.keyboard.press("Escape")
    return hallazgos


def _en_oscuro_en_el_movil(pagina, ruta: str) -> list[str]:
    """Las reglas de axe que dependen del color y del tamaño, el ancho de la página y las tablas
    anchas."""
    donde = f"{ruta or '/'} (oscuro)"
    cambiar_esquema(pagina, "dark", MOVIL)
    hallazgos = [f"{donde}: axe: {v}" for v in violaciones(pagina, REGLAS_DEL_MOVIL, recordar=True)]
    hallazgos += [f"{donde}: {h}" for h in _mas_ancha_que_la_pantalla(pagina)]
    if ruta == "libro/":
        reunidos = pagina.eval_on_selector_all(
            ".tapiz-libro__capitulo[data-origen]",
            "cs => cs.map(c => new URL(c.dataset.origen, location.href).href)",
        )
        base = pagina.url.split("libro/")[0]
        capitulos = {u.removeprefix(base) for u in reunidos}
        if capitulos != set(EN_EL_LIBRO):
            hallazgos.append(f"{donde}: reúne {sorted(capitulos)}, no {sorted(EN_EL_LIBRO)}")
    return hallazgos + [f"{donde}: {h}" for h in pagina.evaluate(_TABLAS_ANCHAS)]
