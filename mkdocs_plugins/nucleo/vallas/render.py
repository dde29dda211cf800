"""HTML que los bloques escriben en la página. Todo valor se escapa."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from typing import Any

from mkdocs_plugins.nucleo.fuente.problemas import Problema
from mkdocs_plugins.nucleo.marcado.apartados import FUERA_DE_LA_BUSQUEDA, SOLO_SU_TEXTO
from mkdocs_plugins.nucleo.vallas import ejecucion
from mkdocs_plugins.nucleo.vallas.ejecucion import EjemploEjecutado, mostrar
from mkdocs_plugins.nucleo.vivo import vivo
from mkdocs_plugins.nucleo.widgets.widgets import COLOCABLES
from tapiz_rules.modelo import Campo, DefinicionTabla, Regla, Reglamento, Tabla
from tapiz_rules.modelo.formato import tipografia
from tapiz_rules.vivo import celda


def _celda(valor: Any) -> str:
    return escape(celda(valor))


def _de_reglamento(reglamento: Reglamento | None) -> str:
    """El reglamento de un bloque, para que la página lo recalcule en vivo con el mismo."""
    if reglamento is None:
        return ""
    return f' data-reglamento="{escape(clave_reglamento(reglamento))}"'


def tabla(definida: Tabla, nombre: str, reglamento: Reglamento | None = None) -> str:
    cabecera = "".join(f"<th>{escape(c)}</th>" for c in definida.columnas)
    filas = "".join(
        "<tr>" + "".join(f"<td>{_celda(v)}</td>" for v in fila) + "</tr>" for fila in definida.filas
    )
    notas = "".join(
        f'<p class="tapiz-tabla__nota">{escape(tipografia(n))}</p>' for n in definida.notas
    )
    return (
        f'<div class="tapiz-tabla" data-tabla="{escape(nombre)}"{_de_reglamento(reglamento)} '
        f"{SOLO_SU_TEXTO}>"
        f'<p class="tapiz-tabla__titulo"><strong>{escape(definida.titulo)}</strong></p>'
        f"<table><thead><tr>{cabecera}</tr></thead><tbody>{filas}</tbody></table>"
        f"{notas}</div>"
    )


_CODIGO = re.compile(r"``([^`]+)``")
_CURSIVA = re.compile(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])")


def _en_linea(texto: str) -> str:
    """El texto escapado, con la cursiva (``*título*``) y el código (````fichero````) de los
    docstrings como HTML: el lector no ve asteriscos ni comillas invertidas."""
    html = escape(tipografia(" ".join(texto.split())))
    return _CURSIVA.sub(r"<em>\1</em>", _CODIGO.sub(r"<code>\1</code>", html))


def _parrafos(texto: str) -> str:
    return "".join(f"<p>{_en_linea(p)}</p>" for p in texto.split("\n\n") if p)


def regla_para_lectores(regla: Regla, reglamento: Reglamento | None = None) -> str:
    """Una regla en un capítulo, como la imprime un reglamento: su título y su enunciado,
    con los parámetros del reglamento. La explicación del código (el docstring) es para
    el catálogo; solo se muestra si la regla no tiene enunciado (la de un Lienzo). Con su
    reglamento, también el control para probarla (``vivo.probar``)."""
    if regla.enunciado:
        parametros = reglamento.parametros if reglamento is not None else None
        texto = f'<p class="tapiz-regla__enunciado">{_en_linea(regla.enunciar(parametros))}</p>'
    else:
        texto = _parrafos(regla.descripcion)
    return (
        f'<div class="tapiz-regla" data-regla="{escape(regla.nombre)}" {SOLO_SU_TEXTO}>'
        f'<p class="tapiz-regla__titulo"><strong>{escape(regla.titulo)}</strong></p>'
        f"{texto}</div>"
        + (vivo.probar(regla, clave_reglamento(reglamento)) if reglamento is not None else "")
    )


def _por_defecto(campo: Campo) -> str:
    return "obligatoria" if campo.obligatorio else escape(mostrar(campo.por_defecto))


def _campos(campos: tuple[Campo, ...], con_defecto: bool) -> str:
    columnas = ["Nombre", "Etiqueta", "Tipo", "Descripción"]
    columnas += ["Por defecto"] if con_defecto else []
    cabecera = "".join(f"<th>{c}</th>" for c in columnas)
    filas = []
    for campo in campos:
        tipo = campo.nombre_de_tipo
        if campo.unidad:
            tipo += f" ({campo.unidad_en_plural})"
        if campo.opciones:
            tipo += ": " + ", ".join(f"{v} ({e})" for v, e in campo.opciones)
        celdas = [
            f"<code>{escape(campo.nombre)}</code>",
            escape(campo.etiqueta),
            escape(tipo),
            escape(campo.descripcion),
        ]
        if con_defecto:
            celdas.append(_por_defecto(campo))
        filas.append("<tr>" + "".join(f"<td>{c}</td>" for c in celdas) + "</tr>")
    return f"<table><thead><tr>{cabecera}</tr></thead><tbody>{''.join(filas)}</tbody></table>"


def regla_para_catalogo(regla: Regla, sistema: str) -> str:
    """La ficha de una regla para quien contribuye: nombres de campo, tipos, por defecto."""
    return (
        f'<div class="tapiz-regla" data-regla="{escape(regla.nombre)}">'
        f"<p><strong>{escape(regla.titulo)}</strong> · sistema <code>{escape(sistema)}</code>"
        f" · regla <code>{escape(regla.nombre)}</code> · {escape(regla.seccion)}</p>"
        f"{_parrafos(regla.descripcion)}"
        f"<p><em>Entradas</em></p>{_campos(regla.entradas, con_defecto=True)}"
        f"<p><em>Salidas</em></p>{_campos(regla.salidas, con_defecto=False)}</div>"
    )


def fichas_del_catalogo(
    fichas: Sequence[Regla | tuple[DefinicionTabla, Tabla]], sistema: str
) -> str:
    """Las fichas de una sección del catálogo, cada una bajo un ``<h4>`` con su ancla
    (``tapiz-accion``): en un solo bloque, el índice de la página lista las secciones."""
    partes = []
    for ficha in fichas:
        if isinstance(ficha, Regla):
            nombre, html = ficha.nombre, regla_para_catalogo(ficha, sistema)
        else:
            definicion, construida = ficha
            nombre = definicion.nombre
            html = _parrafos(definicion.descripcion) + tabla(construida, nombre)
        ancla = escape(f"{sistema}-{nombre}")
        partes.append(
            f'<h4 id="{ancla}"><code>{escape(nombre)}</code>'
            f'<a class="headerlink" href="#{ancla}" title="Enlace a esta ficha">¶</a></h4>{html}'
        )
    return "".join(partes)


def clave_reglamento(reglamento: Reglamento) -> str:
    """Cómo se nombra un reglamento en datos.json y en los widgets: «tapiz/actual/TZR0001»."""
    partes = [reglamento.sistema.nombre, reglamento.edicion, *sorted(reglamento.opcionales)]
    if reglamento.lienzo is not None:
        partes.append(f"lienzo:{reglamento.lienzo.nombre}")
    return "/".join(partes)


def widget(nombre: str, reglamento: Reglamento) -> str:
    """El contenedor que hidrata ``dados.js``; sin JavaScript queda un aviso (la hoja de
    personaje y la calculadora ya traen su formulario y sus primeros números:
    ``nucleo/widgets/hoja.py``, ``nucleo/widgets/calculadora.py``)."""
    if nombre == "hoja":
        from mkdocs_plugins.nucleo.widgets import hoja

        return hoja.html(reglamento, clave_reglamento(reglamento))
    if nombre == "calculadora":
        from mkdocs_plugins.nucleo.widgets import calculadora

        return calculadora.html(reglamento, clave_reglamento(reglamento))
    return (
        f'<div class="tapiz-{escape(nombre)}" data-edicion="{escape(reglamento.edicion)}" '
        f'data-reglamento="{escape(clave_reglamento(reglamento))}">'
        f"<p>{COLOCABLES[nombre].sin_javascript}</p></div>"
    )


def _entradas(ejecutado: EjemploEjecutado) -> str:
    espec = ejecutado.espec
    filas = []
    for nombre, valor in espec.entradas.items():
        campo = ejecutado.regla.entrada(nombre)
        etiqueta = campo.etiqueta if campo is not None else nombre
        texto = campo.mostrar(valor) if campo is not None else _celda(valor)
        dados = espec.dados.get(nombre)
        origen = f' <span class="tapiz-ejemplo__dados">({escape(dados)})</span>' if dados else ""
        if nombre in espec.notas:
            nota = escape(tipografia(espec.notas[nombre]))
            origen += f' <span class="tapiz-ejemplo__nota">{nota}</span>'
        filas.append(
            f'<dt>{escape(etiqueta)}</dt><dd data-entrada="{escape(nombre)}" '
            f'data-valor="{escape(json.dumps(valor, ensure_ascii=False))}">'
            f"<strong>{escape(texto)}</strong>{origen}</dd>"
        )
    return f'<dl class="tapiz-ejemplo__entradas">{"".join(filas)}</dl>'


def _resultado(ejecutado: EjemploEjecutado) -> str:
    valores = ejecutado.resultado.valores
    filas = "".join(
        f'<dt>{escape(c.etiqueta)}</dt><dd data-salida="{escape(c.nombre)}">'
        f"<strong>{escape(c.mostrar(valores[c.nombre], valores))}</strong></dd>"
        for c in ejecucion.salidas_mostradas(ejecutado)
    )
    return f'<dl class="tapiz-ejemplo__resultado">{filas}</dl>'


def _etiqueta_reglamento(reglamento: Reglamento) -> str:
    sistema = reglamento.sistema
    distinto = (
        sistema.nombre != "tapiz"
        or reglamento.lienzo is not None
        or reglamento.edicion != sistema.edicion_por_defecto
        or reglamento.opcionales
    )
    if not distinto:
        return ""
    return f'<span class="tapiz-ejemplo__regla">{escape(reglamento.describir())}</span>'


def _calculo(pasos: str) -> str:
    """El apartado «Cálculo», si la regla dice sus pasos: una regla que solo busca en una
    tabla o compara no tiene ninguno, y un apartado vacío parece un fallo."""
    if not pasos:
        return ""
    return (
        '<div><p class="tapiz-ejemplo__apartado">Cálculo</p>'
        f'<ol class="tapiz-ejemplo__pasos">{pasos}</ol></div>'
    )


def ejemplo(ejecutado: EjemploEjecutado, identificador: str, repetible: bool) -> str:
    """Un ejemplo resuelto: datos, pasos del cálculo y lo que la página afirma."""
    espec, regla = ejecutado.espec, ejecutado.regla
    pasos = "".join(f"<li>{escape(tipografia(p))}</li>" for p in ejecutado.resultado.pasos)
    repetir = (
        '<button type="button" class="tapiz-repetir '
        f'md-button" data-ejemplo="{escape(identificador)}">Repetir con dados nuevos</button>'
        if repetible
        else ""
    )
    boton = (
        f'<p class="tapiz-ejemplo__acciones" {FUERA_DE_LA_BUSQUEDA}>{repetir}'
        f"{vivo.cambiar_datos()}</p>"
        '<div class="tapiz-ejemplo__repeticion" aria-live="polite"></div>'
    )
    titulo = escape(espec.titulo or regla.titulo)
    return (
        f'<div class="tapiz-ejemplo" id="{escape(identificador)}">'
        f'<p class="tapiz-ejemplo__cabecera" {SOLO_SU_TEXTO}>'
        '<span class="tapiz-ejemplo__etiqueta">'
        f"Ejemplo resuelto</span> <strong>{titulo}</strong>"
        f"{_etiqueta_reglamento(espec.reglamento)}</p>"
        f'<div class="tapiz-ejemplo__cuerpo" data-regla="{escape(regla.nombre)}"'
        f"{_de_reglamento(espec.reglamento)} {FUERA_DE_LA_BUSQUEDA}>"
        f'<div><p class="tapiz-ejemplo__apartado">Datos</p>{_entradas(ejecutado)}</div>'
        f"{_calculo(pasos)}"
        f'<div><p class="tapiz-ejemplo__apartado">Resultado</p>{_resultado(ejecutado)}</div>'
        f"</div>{boton}</div>"
    )


def error(problema: Problema) -> str:
    """El error en su sitio, para que ``mkdocs serve`` lo muestre mientras se edita."""
    return (
        '<div class="admonition failure tapiz-error" role="alert">'
        '<p class="admonition-title">Error en un bloque Tapiz</p>'
        f"<pre>{escape(str(problema))}</pre></div>"
    )
