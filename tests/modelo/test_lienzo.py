"""Lienzos: lo que cambian, sin tocar el libro, y sus errores con fichero y línea."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapiz_rules.lienzos.lienzo import ErrorLienzo, cargar
from tapiz_rules.sistemas import reglamento

RAIZ = Path(__file__).resolve().parents[2]
PUERTOS = RAIZ / "srd" / "lienzos" / "puertos-de-bruma" / "lienzo.yml"


def _lienzo(tmp_path: Path, texto: str, **ficheros: str) -> Path:
    carpeta = tmp_path / "mi-lienzo"
    carpeta.mkdir()
    (carpeta / "lienzo.yml").write_text(texto, encoding="utf-8")
    for nombre, contenido in ficheros.items():
        (carpeta / nombre).write_text(contenido, encoding="utf-8")
    return carpeta / "lienzo.yml"


def _error(fichero: Path) -> str:
    with pytest.raises(ErrorLienzo) as info:
        cargar(fichero, "lienzo.yml")
    return str(info.value)


class TestPuertosDeBruma:
    def test_cambia_dado_base_grados_y_opcionales(self):
        puertos = cargar(PUERTOS).reglamento()
        assert puertos.parametros.dado_base == "2d10"
        assert [g.puntos for g in puertos.parametros.grados] == [4, 8, 12]
        assert puertos.activa("TZR0001")

    def test_el_libro_no_se_entera(self):
        cargar(PUERTOS).reglamento().calcular("accion", {"base": 11, "resistencia": 9})
        libro = reglamento()
        assert libro.parametros.dado_base == "1d20"
        assert [g.puntos for g in libro.parametros.grados] == [5, 10, 15]
        assert "niebla" not in libro.vigente.reglas

    def test_los_mismos_datos_dan_otro_resultado_que_en_el_libro(self):
        entradas = {"base": 11, "mod": 2, "resistencia": 9}
        assert cargar(PUERTOS).reglamento().calcular("accion", entradas)["grado"] == "menor"
        assert reglamento().calcular("accion", entradas)["grado"] is None

    def test_una_regla_de_datos_y_una_en_python(self):
        puertos = cargar(PUERTOS).reglamento()
        assert puertos.calcular("niebla", {"tirada": 6})["resultado"] == "Cerrada"
        assert puertos.calcular("regateo", {"precio": 100, "puntos_de_efecto": 20})["precio"] == 50

    def test_una_regla_de_datos_trae_su_tabla_y_la_tabla_dice_lo_que_calcula(self, tmp_path):
        puertos = cargar(PUERTOS).reglamento()
        tabla = puertos.tabla("niebla")
        assert tabla.columnas == ("Tirada de 1d6", "Niebla")
        assert [f[0] for f in tabla.filas] == ["1–2", "3–5", "6"]
        for tirada in range(1, 7):
            fila = next(f for f in tabla.filas if _en_el_tramo(tirada, f[0]))
            assert fila[1] == puertos.calcular("niebla", {"tirada": tirada})["resultado"]
        texto = (
            "nombre: X\nreglas:\n  marea:\n    titulo: Marea\n    entrada: Tirada\n"
            "    salida: Marea\n    filas: [[-2, Baja], [5, Alta]]\n"
        )
        marea = cargar(_lienzo(tmp_path, texto)).reglamento().tabla("marea")
        assert marea.filas == (("−2–4", "Baja"), ("5 o más", "Alta"))

    def test_sustituye_una_tabla_del_libro(self):
        titulo = cargar(PUERTOS).reglamento().tabla("ejemplos_efectos").titulo
        assert titulo == "Ejemplos de efectos y consecuencias en los Puertos de Bruma"
        assert (
            reglamento().tabla("ejemplos_efectos").titulo == "Ejemplos de efectos y consecuencias"
        )


class TestErrores:
    def test_un_parametro_que_no_existe(self, tmp_path):
        fichero = _lienzo(
            tmp_path, "nombre: X\nparametros:\n  dado_base: 1d12\n  impedimentos: 0\n"
        )
        assert _error(fichero).startswith(
            "lienzo.yml:4: un Lienzo no puede cambiar el parámetro «impedimentos»; los que "
            "puede cambiar son: dado_base, grados,"
        )

    def test_un_parametro_del_tipo_equivocado(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\nparametros:\n  tope_por_nivel: tres\n")
        assert _error(fichero) == (
            "lienzo.yml:3: «tope_por_nivel» debe ser un número entero, no «tres»"
        )

    def test_un_dado_base_que_no_es_notacion(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\nparametros:\n  dado_base: 1d\n")
        assert _error(fichero).startswith("lienzo.yml:3: notación de dados «1d»")

    def test_un_grado_desconocido(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\nparametros:\n  grados: {enorme: 30}\n")
        assert _error(fichero) == (
            "lienzo.yml:3: «grados» no tiene «enorme»; las claves válidas son: "
            "menor, mayor, extremo"
        )

    def test_sustituir_una_tabla_que_no_existe(self, tmp_path):
        texto = "nombre: X\ntablas:\n  mareas: {titulo: M, columnas: [A], filas: [[1]]}\n"
        assert _error(_lienzo(tmp_path, texto)) == (
            "lienzo.yml:3: la tabla «mareas» no existe en Tapiz, así que no se puede sustituir; "
            "para añadir una tabla nueva usa «tablas_nuevas»"
        )

    def test_una_regla_nueva_con_un_nombre_del_libro(self, tmp_path):
        texto = (
            "nombre: X\nreglas:\n  accion: {titulo: T, entrada: E, salida: S, filas: [[1, a]]}\n"
        )
        assert _error(_lienzo(tmp_path, texto)) == (
            "lienzo.yml:3: «accion» ya existe en Tapiz; para sustituir una tabla usa «tablas»"
        )

    def test_una_opcional_desconocida(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\nopcionales: [TZR0009]\n")
        assert _error(fichero) == (
            "lienzo.yml:2: regla opcional desconocida «TZR0009» del sistema «tapiz»; "
            "las válidas son: TZR0001, TZR0002"
        )

    def test_una_clave_desconocida_y_falta_el_nombre(self, tmp_path):
        assert _error(_lienzo(tmp_path, "nombre: X\nparametro: {}\n")).startswith(
            "lienzo.yml:2: clave desconocida «parametro»; las válidas son: nombre,"
        )

    def test_sin_nombre(self, tmp_path):
        assert _error(_lienzo(tmp_path, "descripcion: algo\n")) == (
            "lienzo.yml:1: falta «nombre»: el nombre del Lienzo, como lo leerá la gente"
        )

    @pytest.mark.parametrize(
        ("texto", "mensaje"),
        [
            (
                "nombre: 12\n",
                "lienzo.yml:1: «nombre» debe ser un texto, el nombre del Lienzo "
                "como lo leerá la gente; no un número (12)",
            ),
            (
                "nombre: X\nopcionales: TZR0001\n",
                "lienzo.yml:2: «opcionales» debe ser una "
                "lista de códigos, p. ej. [TZR0001]; no un texto («TZR0001»)",
            ),
            (
                "nombre: X\nparametros: [dado_base]\n",
                "lienzo.yml:2: «parametros» debe ser un mapa (nombre: valor); no una lista",
            ),
            (
                "nombre: X\npython: 3\n",
                "lienzo.yml:2: «python» debe nombrar un fichero .py "
                "de la carpeta del Lienzo; no un número (3)",
            ),
            (
                'nombre: X\npython: "reglas.py\\0.py"\n',
                "lienzo.yml:2: «python» debe nombrar "
                "un fichero .py de la carpeta del Lienzo; no un texto con un carácter nulo",
            ),
        ],
    )
    def test_un_tipo_de_yaml_equivocado_se_nombra(self, tmp_path, texto, mensaje):
        assert _error(_lienzo(tmp_path, texto)) == mensaje

    def test_un_lienzo_yml_que_no_es_utf_8(self, tmp_path):
        fichero = _lienzo(tmp_path, "")
        fichero.write_bytes(b"nombre: X\ndescripcion: caf\xe9\n")
        assert _error(fichero) == (
            "lienzo.yml:2: no está escrito en UTF-8 (el byte 0xe9 no es de UTF-8); guárdalo en "
            "UTF-8"
        )

    def test_una_regla_en_python_con_un_nombre_del_libro(self, tmp_path):
        codigo = (
            "from typing import Annotated\n"
            "from tapiz_rules.modelo import Campo, Entrada, Resultado, regla\n\n\n"
            '@regla("accion", titulo="A", seccion="X", salidas=[Campo("v", int, "V")])\n'
            'def accion(p, n: Annotated[int, Entrada("N")]) -> Resultado:\n'
            '    return Resultado({"v": n})\n\n\nREGLAS = (accion,)\n'
        )
        fichero = _lienzo(tmp_path, "nombre: X\npython: reglas.py\n", **{"reglas.py": codigo})
        assert _error(fichero) == (
            "reglas.py:5: la regla «accion» ya existe en Tapiz, y un Lienzo no sustituye las "
            "reglas del libro: dale otro nombre (lo que calculan las del libro se cambia con "
            "«parametros» en lienzo.yml)"
        )

    def test_yaml_ilegible_y_claves_repetidas(self, tmp_path):
        assert _error(_lienzo(tmp_path, "nombre: X\nnombre: Y\n")) == (
            "lienzo.yml:2: YAML no válido: la clave «nombre» está repetida"
        )

    def test_un_fichero_de_python_que_falla(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\npython: reglas.py\n", **{"reglas.py": "1/0\n"})
        assert _error(fichero) == (
            "reglas.py:1: el código del Lienzo «X» falló al importarlo: "
            "ZeroDivisionError: division by zero"
        )

    def test_un_fichero_de_python_sin_reglas(self, tmp_path):
        fichero = _lienzo(tmp_path, "nombre: X\npython: reglas.py\n", **{"reglas.py": "x = 1\n"})
        assert _error(fichero) == (
            "lienzo.yml:2: «reglas.py» debe definir REGLAS, una tupla de reglas declaradas "
            "con @regla"
        )

    def test_un_fichero_de_python_que_no_existe(self, tmp_path):
        assert _error(_lienzo(tmp_path, "nombre: X\npython: otras.py\n")) == (
            "lienzo.yml:2: no existe el fichero de reglas «otras.py» junto a lienzo.yml"
        )

    def test_una_regla_de_datos_fuera_de_su_dado(self, tmp_path):
        texto = (
            "nombre: X\nreglas:\n  niebla:\n    titulo: Niebla\n    entrada: Tirada\n"
            "    salida: Niebla\n    dados: 1d6\n    filas: [[1, Clara], [4, Espesa]]\n"
        )
        niebla = cargar(_lienzo(tmp_path, texto)).reglamento()
        with pytest.raises(Exception, match="«tirada» debe estar entre 1 y 6; se recibió 7"):
            niebla.calcular("niebla", {"tirada": 7})


class TestTablasSustituidas:
    def test_una_fila_con_un_numero_que_no_dan_sus_reglas(self, tmp_path):
        texto = (
            "nombre: X\nparametros:\n  grados: {menor: 4, mayor: 8, extremo: 12}\ntablas:\n"
            "  grados_efecto:\n    titulo: Grados\n    columnas: [Grado, Puntos, Modificador]\n"
            "    filas:\n      - [Menor, 5, '+2/-2']\n"
        )
        assert _error(_lienzo(tmp_path, texto)) == (
            "lienzo.yml:5: la fila «Menor» de «grados_efecto» dice 5 en «Puntos necesarios», "
            "pero con las reglas del Lienzo es 4"
        )

    def test_una_tabla_con_otra_forma(self, tmp_path):
        texto = (
            "nombre: X\ntablas:\n  dificultades:\n    titulo: Dificultades\n"
            "    columnas: [Dificultad, Resistencia, Nota, Otra]\n"
            "    filas:\n      - [Media, 9, a, b]\n"
        )
        assert _error(_lienzo(tmp_path, texto)) == (
            "lienzo.yml:3: la tabla «dificultades» tiene 2 columnas (Dificultad, Resistencia) "
            "y la del Lienzo 4; una tabla sustituta cambia los textos, no la forma"
        )

    def test_otros_textos_con_los_mismos_numeros(self, tmp_path):
        texto = (
            "nombre: X\ntablas:\n  dificultades:\n    titulo: Dificultades del puerto\n"
            "    columnas: [Dificultad del puerto, Resistencia]\n"
            "    filas:\n      - [Media, 12]\n      - [Difícil, 15]\n"
        )
        tabla = cargar(_lienzo(tmp_path, texto)).reglamento().tabla("dificultades")
        assert tabla.filas == (("Media", 12), ("Difícil", 15))
        assert tabla.columnas == ("Dificultad del puerto", "Resistencia")

    def test_una_fila_con_otro_nombre_no_escapa_de_la_comprobacion(self, tmp_path):
        texto = (
            "nombre: X\ntablas:\n  dificultades:\n    titulo: Dificultades del puerto\n"
            "    columnas: [Dificultad, Resistencia]\n"
            "    filas:\n      - [Media, 12]\n      - [Con niebla, 99]\n"
        )
        assert _error(_lienzo(tmp_path, texto)).startswith(
            "lienzo.yml:3: la fila «Con niebla» de «dificultades» no es ninguna de las del libro "
            "(Trivial, Muy fácil, Fácil, Media,"
        )

    def test_una_tabla_sin_filas(self, tmp_path):
        texto = "nombre: X\ntablas:\n  dificultades: {titulo: D, columnas: [A, B], filas: []}\n"
        assert _error(_lienzo(tmp_path, texto)) == (
            "lienzo.yml:3: la tabla «dificultades» no tiene filas («filas» está vacía)"
        )


def _en_el_tramo(tirada: int, tramo: str) -> bool:
    desde, _, hasta = tramo.partition("–")
    return int(desde) <= tirada <= int(hasta or desde)
