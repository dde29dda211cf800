"""La hoja de personaje interactiva: el formulario y sus números, desde la declaración del motor.

El HTML sale de ``tapiz_rules.sistemas.tapiz.hoja.hoja_de``: cada dato con la etiqueta, la
unidad y los límites de la entrada que lo declara, y cada número con la etiqueta de su salida
y un enlace a la regla que lo da. Los números de la hoja vacía (las resistencias de la escala,
la defensa física sin armadura) ya vienen calculados de la construcción; el resto los escribe
``tapiz/hoja.js`` con el motor en la página. Los enlaces van a ``tapiz-regla:NOMBRE`` y
:func:`enlazar` los cambia por la página del libro que muestra esa regla (``#regla-nombre``).
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Iterator, Mapping
from html import escape
from pathlib import Path

from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA
from tapiz_rules.modelo import Reglamento, formato
from tapiz_rules.modelo.hoja import (
    Apartado,
    Calculo,
    Dato,
    Hoja,
    campo_de,
    etiqueta_de,
    limites_de,
)
from tapiz_rules.vivo.hoja import hoja_del_reglamento, responder_hoja

ESTADO = (
    "Escribe los datos de tu personaje: los números los calcula el motor de reglas del libro "
    "en tu navegador (se carga al escribir, unos 4 MB la primera vez). Nada sale de tu "
    "navegador: la hoja se guarda en él y en el enlace de esta página."
)
ENLACE = "tapiz-regla:"
ANCHA, TABLA = "tapiz-hoja__ancha", "tapiz-hoja__tabla"


def html(reglamento: Reglamento, clave_reglamento: str) -> str:
    hoja = hoja_del_reglamento(reglamento)
    iniciales = responder_hoja(reglamento, {"datos": {}})["numeros"]
    pintor = _Pintor(hoja, reglamento, iniciales)
    apartados = "".join(pintor.apartado(a) for a in hoja.apartados)
    return (
        f'<div class="tapiz-hoja" data-reglamento="{escape(clave_reglamento)}" '
        f"{FUERA_DE_LA_BUSQUEDA}>"
        f'<p class="tapiz-hoja__estado" role="status">{escape(ESTADO)}</p>'
        f'<form class="tapiz-hoja__formulario" novalidate>{apartados}</form>'
        '<p class="tapiz-hoja__acciones"></p></div>'
    )


class _Pintor:
    def __init__(self, hoja: Hoja, reglamento: Reglamento, iniciales: dict[str, str]) -> None:
        self.hoja, self.r, self.iniciales = hoja, reglamento, iniciales

    def apartado(self, apartado: Apartado) -> str:
        if apartado.forma == "caracteristicas":
            cuerpo = self.caracteristicas(apartado)
        elif apartado.forma == "atributos":
            cuerpo = self.atributos(apartado)
        else:
            campos = "".join(self.campo(self.hoja.dato(c)) for c in apartado.datos)
            numeros = "".join(self.numeros(self.hoja.calculo(c)) for c in apartado.calculos)
            cuerpo = f'<div class="tapiz-hoja__campos">{campos}</div>'
            if numeros:
                cuerpo += f'<dl class="tapiz-hoja__numeros">{numeros}</dl>'
        clase = f"tapiz-hoja__apartado tapiz-hoja__apartado--{apartado.forma}"
        titulo = escape(apartado.titulo)
        return f'<fieldset class="{clase}"><legend>{titulo}</legend>{cuerpo}</fieldset>'

    def etiqueta(self, dato: Dato) -> str:
        campo = campo_de(dato, self.r)
        texto = etiqueta_de(dato, self.r)
        unidad = campo.unidad_en_plural if campo else None
        nombrada = unidad is not None and unidad.lower() in texto.lower()  # «Puntos de golpe…»
        return f"{texto} ({unidad})" if unidad and not nombrada else texto

    def control(self, dato: Dato, etiqueta: str | None = None, ayuda_aparte: bool = True) -> str:
        """El control del dato; con ``etiqueta``, sin <label> propio (la da la tabla)."""
        nombre = escape(dato.clave)
        aria = f' aria-label="{escape(etiqueta)}"' if etiqueta else ""
        ident = f' id="hoja-{nombre}"'
        if dato.opciones is not None:
            opciones = "".join(
                f'<option value="{escape(v)}">{escape(t)}</option>' for v, t in dato.opciones
            )
            return f'<select name="{nombre}"{ident}{aria}>{opciones}</select>'
        if dato.lineas > 1:
            return f'<textarea name="{nombre}"{ident}{aria} rows="{dato.lineas}"></textarea>'
        campo = campo_de(dato, self.r)
        numerico = campo is not None and campo.tipo in (int, float)
        modo = ' inputmode="decimal"' if campo is not None and campo.tipo is float else ""
        limites = self.limites(dato)
        describe = limites and not etiqueta and ayuda_aparte
        ayuda = f' aria-describedby="hoja-{nombre}-ayuda"' if describe else ""
        titulo = f' title="{escape(limites)}"' if limites and etiqueta else ""
        clase = ' class="tapiz-hoja__numero"' if numerico else ""
        return (
            f'<input type="text" name="{nombre}"{ident}{clase}{aria}{ayuda}{titulo}{modo} '
            'autocomplete="off" spellcheck="false">'
        )

    def limites(self, dato: Dato) -> str:
        return formato.limites(*limites_de(dato, self.r))

    def campo(self, dato: Dato) -> str:
        limites = self.limites(dato)
        ayuda = (
            f'<small id="hoja-{escape(dato.clave)}-ayuda">{escape(limites)}</small>'
            if limites
            else ""
        )
        return (
            f'<div class="tapiz-hoja__campo"><label for="hoja-{escape(dato.clave)}">'
            f"{escape(self.etiqueta(dato))}</label>{self.control(dato)}{ayuda}</div>"
        )

    def numero(self, calculo: Calculo, salida: str, etiqueta: str = "") -> str:
        """Un número de la hoja; con ``etiqueta``, se anuncia cuando cambia."""
        clave = f"{calculo.clave}.{salida}"
        texto = self.iniciales.get(clave, "—")
        anuncio = f' data-etiqueta="{escape(etiqueta)}"' if etiqueta else ""
        return (
            f'<span class="tapiz-hoja__valor" data-numero="{escape(clave)}"{anuncio}>'
            f"{escape(texto)}</span>"
        )

    def enlace(self, regla: str, texto: str) -> str:
        titulo = escape(f"La regla «{self.r.regla(regla).titulo}»")
        return f'<a href="{ENLACE}{escape(regla)}" title="{titulo}">{escape(texto)}</a>'

    def numeros(self, calculo: Calculo) -> str:
        regla = self.r.regla(calculo.regla)
        filas = []
        for nombre in calculo.salidas:
            campo = regla.salida(nombre)
            etiqueta = campo.etiqueta if campo else nombre
            if calculo.etiqueta:
                varias = len(calculo.salidas) > 1
                etiqueta = f"{calculo.etiqueta}: {etiqueta.lower()}" if varias else calculo.etiqueta
            filas.append(
                f"<dt>{self.enlace(calculo.regla, etiqueta)}</dt>"
                f"<dd>{self.numero(calculo, nombre, etiqueta)}</dd>"
            )
        return "".join(filas)

    def caracteristicas(self, apartado: Apartado) -> str:
        filas = []
        principal = ""
        for clave in apartado.datos:
            dato = self.hoja.dato(clave)
            if dato.opciones is not None:
                principal = self.campo(dato)
                continue
            calculo = self.hoja.calculo(f"mod_{clave}")
            filas.append(
                f'<tr><th scope="row"><label for="hoja-{escape(clave)}">'
                f"{escape(etiqueta_de(dato, self.r))} ({clave.upper()})</label></th>"
                f"<td>{self.control(dato, ayuda_aparte=False)}</td>"
                f"<td>{self.numero(calculo, 'modificador', calculo.etiqueta)}</td></tr>"
            )
        dato = self.hoja.dato(apartado.datos[0])
        regla = self.r.regla(self.hoja.calculo(f"mod_{dato.clave}").regla)
        salida = regla.salida("modificador")
        valor = regla.entrada("valor")
        columna = f"{valor.etiqueta if valor else ''} ({self.limites(dato).lower().rstrip('.')})"
        cabecera = (
            f"<tr><td></td><th>{escape(columna)}</th>"
            f"<th>{self.enlace(regla.nombre, salida.etiqueta if salida else '')}</th></tr>"
        )
        return (
            f'<table class="tapiz-hoja__tabla"><thead>{cabecera}</thead>'
            f"<tbody>{''.join(filas)}</tbody></table>"
            f'<div class="tapiz-hoja__campos">{principal}</div>'
        )

    def atributos(self, apartado: Apartado) -> str:
        datos = [self.hoja.dato(c) for c in apartado.datos]
        por_fila = 4
        filas = [datos[i : i + por_fila] for i in range(0, len(datos), por_fila)]
        dados = self.r.regla("dados_atributo")
        salida_dados = dados.salida("expresion")
        cabecera = "".join(f"<th>{escape(self.etiqueta(d))}</th>" for d in filas[0])
        cabecera += (
            f"<th>{self.enlace(dados.nombre, salida_dados.etiqueta if salida_dados else '')}</th>"
        )
        cuerpo = ""
        for numero, fila in enumerate(filas, start=1):
            celdas = "".join(
                f"<td>{self.control(d, f'{self.etiqueta(d)}, fila {numero}')}</td>" for d in fila
            )
            celdas += f"<td>{self.numero(self.hoja.calculo(f'dados{numero}'), 'expresion')}</td>"
            cuerpo += f"<tr>{celdas}</tr>"
        entrada = (
            f'<div class="{ANCHA}"><table class="{TABLA}"><thead><tr>{cabecera}</tr></thead>'
            f"<tbody>{cuerpo}</tbody></table></div>"
        )
        return entrada + self.probabilidades(len(filas))

    def probabilidades(self, filas: int) -> str:
        probabilidades = self.r.regla("probabilidades_accion")
        dificultad = self.r.regla("dificultad")
        escalones = [c for c in self.hoja.calculos if c.regla == "dificultad"]
        entrada = dificultad.entrada("nombre")
        nombres = dict(entrada.opciones or ()) if entrada is not None else {}
        cabecera = "".join(
            f'<th scope="col">{escape(nombres[c.entradas["nombre"]])}<br>'
            f"{self.numero(c, 'resistencia')}</th>"
            for c in escalones
        )
        cuerpo = ""
        for numero in range(1, filas + 1):
            celdas = "".join(
                f"<td>{self.numero(self.hoja.calculo(_exito(numero, c)), 'p_exito')}</td>"
                for c in escalones
            )
            cuerpo += (
                f'<tr><th scope="row" data-eco="at{numero}" data-vacio="Fila {numero}">'
                f"Fila {numero}</th>{celdas}</tr>"
            )
        salida = probabilidades.salida("p_exito")
        titulo = self.enlace(probabilidades.nombre, salida.etiqueta if salida else "")
        resistencias = self.enlace(dificultad.nombre, "resistencia")
        esquina = escape(self.etiqueta(self.hoja.dato("at1")))
        return (
            f'<div class="{ANCHA}"><table class="{TABLA} tapiz-hoja__probabilidades">'
            f"<caption>{titulo} de cada atributo contra cada dificultad (con su {resistencias})"
            f"</caption><thead><tr><th>{esquina}</th>{cabecera}</tr></thead><tbody>{cuerpo}</tbody></table></div>"
        )


def _exito(fila: int, escalon: Calculo) -> str:
    return f"exito{fila}_{escalon.entradas['nombre']}"


_PAGINA = re.compile(r"^```tapiz-regla\n(?:[^`]*?\n)?regla: *([a-z_0-9]+) *\n", re.MULTILINE)
_ENLACE = re.compile(r'href="' + ENLACE + r'([a-z_0-9]+)"')


def donde_se_muestran(paginas: Path) -> dict[str, str]:
    """Cada regla de Tapiz que el libro muestra en un bloque, con la primera página que lo hace
    (ruta relativa a ``paginas``), fuera de los Lienzos y del catálogo. Se lee otra vez solo
    si cambió alguna página: la hoja se enlaza en cada página que la muestra."""
    por_carpetas = sorted(_paginas_con_fecha(str(paginas), ""), key=lambda f: f[0].split("/"))
    return _donde(paginas, tuple(por_carpetas))


def _paginas_con_fecha(carpeta: str, ruta: str) -> Iterator[tuple[str, int]]:
    """La ruta (``a/b.md``) y la fecha de cada página bajo ``carpeta``, salvo las de los
    Lienzos y los sistemas. Con ``os.scandir``: en el libro diez veces mayor, ``rglob`` y
    ``Path.stat`` costaban 28 ms en cada página que muestra la hoja."""
    with os.scandir(carpeta) as entradas:
        for entrada in entradas:
            nombre = ruta + entrada.name
            if entrada.is_dir(follow_symlinks=False):
                if nombre not in ("lienzos", "sistemas"):
                    yield from _paginas_con_fecha(entrada.path, nombre + "/")
            elif nombre.endswith(".md") and entrada.is_file():
                yield nombre, entrada.stat().st_mtime_ns


@functools.lru_cache(maxsize=4)
def _donde(paginas: Path, ficheros: tuple[tuple[str, int], ...]) -> dict[str, str]:
    donde: dict[str, str] = {}
    for ruta, _ in ficheros:
        for regla in _PAGINA.findall((paginas / ruta).read_text(encoding="utf-8")):
            donde.setdefault(regla, ruta)
    return donde


def url_de(ruta: str) -> str:
    """La URL de una página (``a/b.md`` → ``a/b/``; ``index.md`` → ``""``), como MkDocs."""
    sin = ruta.removesuffix(".md")
    if sin == "index" or sin.endswith("/index"):
        return sin.removesuffix("index")
    return sin + "/"


def enlazar(texto: str, ruta: str, donde: Mapping[str, str]) -> str:
    """Cambia cada ``tapiz-regla:NOMBRE`` por el enlace a esa regla desde la página ``ruta``,
    a la página que la muestra según ``donde`` (:func:`donde_se_muestran`).

    Una regla que ninguna página muestra es un ``KeyError`` con su nombre.
    """
    if ENLACE not in texto:
        return texto
    origen = posixpath.dirname("/" + url_de(ruta) + "x")

    def cambiar(coincide: re.Match[str]) -> str:
        regla = coincide[1]
        destino = "/" + url_de(donde[regla])
        relativa = posixpath.relpath(destino, origen)
        relativa = relativa + "/" if destino.endswith("/") and relativa != "." else relativa
        relativa = "./" if relativa == "." else relativa
        return f'href="{relativa}#regla-{regla.replace("_", "-")}"'

    return _ENLACE.sub(cambiar, texto)
