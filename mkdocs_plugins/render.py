"""HTML que los bloques escriben en la página. Todo valor se escapa."""

from __future__ import annotations

from html import escape
from typing import Any

from mkdocs_plugins.ejecucion import EjemploEjecutado, mostrar
from mkdocs_plugins.especificacion import WIDGETS
from mkdocs_plugins.problemas import Problema
from tapiz_rules.registro import Campo, Regla, Tabla


def _celda(valor: Any) -> str:
    if valor is None:
        return "—"
    if isinstance(valor, bool):
        return "sí" if valor else "no"
    if isinstance(valor, int):
        return str(valor).replace("-", "−")
    return escape(str(valor))


def tabla(definida: Tabla, nombre: str) -> str:
    cabecera = "".join(f"<th>{escape(c)}</th>" for c in definida.columnas)
    filas = "".join(
        "<tr>" + "".join(f"<td>{_celda(v)}</td>" for v in fila) + "</tr>" for fila in definida.filas
    )
    notas = "".join(f'<p class="tapiz-tabla__nota">{escape(n)}</p>' for n in definida.notas)
    return (
        f'<div class="tapiz-tabla" data-tabla="{escape(nombre)}">'
        f'<p class="tapiz-tabla__titulo"><strong>{escape(definida.titulo)}</strong></p>'
        f"<table><thead><tr>{cabecera}</tr></thead><tbody>{filas}</tbody></table>"
        f"{notas}</div>"
    )


def _por_defecto(campo: Campo) -> str:
    return "obligatoria" if campo.obligatorio else escape(mostrar(campo.por_defecto))


def _campos(campos: tuple[Campo, ...], con_defecto: bool) -> str:
    columnas = ["Nombre", "Tipo", "Descripción"] + (["Por defecto"] if con_defecto else [])
    cabecera = "".join(f"<th>{c}</th>" for c in columnas)
    filas = []
    for campo in campos:
        tipo = campo.nombre_de_tipo
        if campo.opciones:
            tipo += ": " + ", ".join(str(o) for o in campo.opciones)
        celdas = [f"<code>{escape(campo.nombre)}</code>", escape(tipo), escape(campo.descripcion)]
        if con_defecto:
            celdas.append(_por_defecto(campo))
        filas.append("<tr>" + "".join(f"<td>{c}</td>" for c in celdas) + "</tr>")
    return f"<table><thead><tr>{cabecera}</tr></thead><tbody>{''.join(filas)}</tbody></table>"


def resumen_regla(regla: Regla) -> str:
    descripcion = "".join(f"<p>{escape(p)}</p>" for p in regla.descripcion.split("\n\n") if p)
    return (
        f'<div class="tapiz-regla" data-regla="{escape(regla.nombre)}">'
        f"<p><strong>{escape(regla.titulo)}</strong> · regla <code>{escape(regla.nombre)}</code>"
        f" · {escape(regla.seccion)}</p>{descripcion}"
        f"<p><em>Entradas</em></p>{_campos(regla.entradas, con_defecto=True)}"
        f"<p><em>Salidas</em></p>{_campos(regla.salidas, con_defecto=False)}</div>"
    )


def widget(nombre: str, edicion: str) -> str:
    """El contenedor que hidrata ``dados.js``; sin JavaScript queda un aviso."""
    return (
        f'<div class="tapiz-{escape(nombre)}" data-edicion="{escape(edicion)}">'
        f"<p>{WIDGETS[nombre]}</p></div>"
    )


def _entradas(ejecutado: EjemploEjecutado) -> str:
    espec = ejecutado.espec
    descripciones = {c.nombre: c.descripcion for c in ejecutado.regla.entradas}
    filas = []
    for nombre, valor in espec.entradas.items():
        dados = espec.dados.get(nombre)
        origen = f' <span class="tapiz-ejemplo__dados">({escape(dados)})</span>' if dados else ""
        filas.append(
            f"<dt>{escape(descripciones.get(nombre, nombre))}</dt>"
            f"<dd><strong>{_celda(valor)}</strong>{origen}</dd>"
        )
    return f'<dl class="tapiz-ejemplo__entradas">{"".join(filas)}</dl>'


def _resultado(ejecutado: EjemploEjecutado) -> str:
    salidas = {c.nombre: c.descripcion for c in ejecutado.regla.salidas}
    filas = "".join(
        f"<dt>{escape(salidas.get(campo, campo))}</dt><dd><strong>{_celda(valor)}</strong></dd>"
        for campo, valor in ejecutado.resultado.valores.items()
        if campo in ejecutado.espec.espera
    )
    return f'<dl class="tapiz-ejemplo__resultado">{filas}</dl>'


def ejemplo(ejecutado: EjemploEjecutado, identificador: str, repetible: bool) -> str:
    """Un ejemplo resuelto: datos, pasos del cálculo y lo que la página afirma."""
    espec, regla = ejecutado.espec, ejecutado.regla
    etiquetas = [f"regla <code>{escape(regla.nombre)}</code>"]
    if espec.reglamento.edicion != "actual":
        etiquetas.append(f"edición {escape(espec.reglamento.edicion)}")
    etiquetas += [escape(o) for o in sorted(espec.reglamento.opcionales)]
    pasos = "".join(f"<li>{escape(p)}</li>" for p in ejecutado.resultado.pasos)
    boton = (
        f'<p class="tapiz-ejemplo__acciones"><button type="button" class="tapiz-repetir '
        f'md-button" data-ejemplo="{escape(identificador)}">Repetir con dados nuevos</button></p>'
        '<div class="tapiz-ejemplo__repeticion" aria-live="polite"></div>'
        if repetible
        else ""
    )
    titulo = escape(espec.titulo or regla.titulo)
    return (
        f'<div class="tapiz-ejemplo" id="{escape(identificador)}">'
        f'<p class="tapiz-ejemplo__cabecera"><span class="tapiz-ejemplo__etiqueta">'
        f"Ejemplo resuelto</span> <strong>{titulo}</strong>"
        f'<span class="tapiz-ejemplo__regla">{" · ".join(etiquetas)}</span></p>'
        f'<div class="tapiz-ejemplo__cuerpo">'
        f'<div><p class="tapiz-ejemplo__apartado">Datos</p>{_entradas(ejecutado)}</div>'
        f'<div><p class="tapiz-ejemplo__apartado">Cálculo</p>'
        f'<ol class="tapiz-ejemplo__pasos">{pasos}</ol></div>'
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
