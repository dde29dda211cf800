"""La línea de órdenes ``tapiz``: salida, JSON y errores en español con estado 2."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tapiz_rules.cli import construir_parser, main, traducir
from tapiz_rules.dados import Generador, tirar

RAIZ = Path(__file__).resolve().parent.parent
SHARRA = '{"fue": 14, "des": 15, "con": 12, "peso": 30}'


def ejecutar(capsys, *argv):
    codigo = main(list(argv))
    salida = capsys.readouterr()
    return codigo, salida.out, salida.err


def ejecutar_json(capsys, *argv):
    codigo, out, err = ejecutar(capsys, *argv, "--json")
    assert (codigo, err) == (0, "")
    return json.loads(out)


def ultima_linea(texto):
    return texto.strip().splitlines()[-1]


class TestTirar:
    def test_json_con_semilla_coincide_con_el_motor(self, capsys):
        datos = ejecutar_json(capsys, "tirar", "4d6kh3", "--semilla", "42")
        assert set(datos) == {"expresion", "total", "dados"}
        assert datos == tirar("4d6kh3", Generador(42)).a_json()
        assert sum(d["descartado"] for d in datos["dados"]) == 1

    def test_texto_marca_los_dados_descartados(self, capsys):
        codigo, out, _ = ejecutar(capsys, "tirar", "4d6kh3", "--semilla", "42")
        total = tirar("4d6kh3", Generador(42)).total
        lineas = out.splitlines()
        assert codigo == 0
        assert lineas[0] == f"4d6kh3 = {total}  (semilla 42)"
        assert len(lineas) == 5
        assert sum(linea.endswith("(descartado)") for linea in lineas) == 1

    def test_texto_marca_las_explosiones(self, capsys):
        semilla = next(
            s for s in range(1000) if any(d.explosion for d in tirar("1d2!", Generador(s)).dados)
        )
        explosiones = sum(d.explosion for d in tirar("1d2!", Generador(semilla)).dados)
        _, out, _ = ejecutar(capsys, "tirar", "1d2!", "--semilla", str(semilla))
        marcadas = [linea for linea in out.splitlines() if linea.endswith("(explosión)")]
        assert len(marcadas) == explosiones >= 1

    def test_d_porcentual_muestra_decenas_y_unidades(self, capsys):
        _, out, _ = ejecutar(capsys, "tirar", "d%", "--semilla", "5")
        lineas = out.splitlines()
        assert lineas[1].startswith("  d10 decenas: ")
        assert lineas[2].startswith("  d10 unidades: ")

    def test_notacion_incorrecta(self, capsys):
        codigo, out, err = ejecutar(capsys, "tirar", "1d1!")
        assert (codigo, out) == (2, "")
        assert err == (
            "tapiz: error: notación de dados «1d1!» (columna 4): un dado de una cara explotaría "
            "siempre: «!» necesita al menos 2 caras\n"
        )


class TestProb:
    def test_json_de_2d6_con_objetivo(self, capsys):
        datos = ejecutar_json(capsys, "prob", "2d6", "--objetivo", "10")
        assert (datos["min"], datos["max"], datos["media"]) == (2, 12, 7.0)
        assert datos["distribucion"][5] == [7, pytest.approx(6 / 36)]
        assert sum(p for _, p in datos["distribucion"]) == pytest.approx(1.0)
        assert datos["p_objetivo"] == pytest.approx(6 / 36)

    def test_sin_objetivo_no_hay_p_objetivo(self, capsys):
        assert "p_objetivo" not in ejecutar_json(capsys, "prob", "1d20")

    def test_tabla_en_texto(self, capsys):
        codigo, out, _ = ejecutar(capsys, "prob", "2d6", "--objetivo", "10")
        assert codigo == 0
        lineas = out.splitlines()
        assert lineas[0] == "2d6: mínimo 2, máximo 12, media 7,00"
        assert "| 7 | 16,67 % | 58,33 % |" in lineas
        assert lineas[-1] == "P(total ≥ 10) = 16,67 %"

    def test_objetivo_no_entero(self, capsys):
        codigo, _, err = ejecutar(capsys, "prob", "3d6", "--objetivo", "x")
        assert codigo == 2
        assert (
            ultima_linea(err)
            == "tapiz prob: error: argumento --objetivo: valor entero no válido: 'x'"
        )


class TestAccion:
    def test_json_pasa_por_la_regla_accion(self, capsys):
        datos = ejecutar_json(
            capsys,
            "accion",
            "--base",
            "14",
            "--dados",
            "5",
            "--mod",
            "2",
            "--nivel",
            "3",
            "--rasgos",
            "2",
            "--bonus",
            "-2",
            "--resistencia",
            "15",
        )
        assert datos == {
            "base": 14,
            "total": 23,
            "resultado": 8,
            "exito": True,
            "puntos_de_efecto": 8,
            "puntos_de_consecuencia": 0,
            "grado": "menor",
            "modificador": 2,
            "bonus_rasgos": 4,
            "a_un_punto": False,
        }

    def test_sin_base_tira_el_dado_base_con_la_semilla(self, capsys):
        datos = ejecutar_json(capsys, "accion", "--resistencia", "10", "--semilla", "7")
        assert datos["base"] == tirar("1d20", Generador(7)).total
        assert datos["total"] == datos["base"]

    def test_con_3d6_tira_tres_dados(self, capsys):
        datos = ejecutar_json(
            capsys, "accion", "--dado-base", "3d6", "--resistencia", "10", "--semilla", "7"
        )
        assert datos["base"] == tirar("3d6", Generador(7)).total

    def test_fallo_con_consecuencia(self, capsys):
        datos = ejecutar_json(capsys, "accion", "--base", "2", "--resistencia", "20")
        assert (datos["exito"], datos["puntos_de_consecuencia"], datos["grado"]) == (
            False,
            18,
            "extremo",
        )

    def test_texto_muestra_los_pasos(self, capsys):
        codigo, out, _ = ejecutar(capsys, "accion", "--base", "9", "--resistencia", "5")
        assert codigo == 0
        assert out.splitlines()[0] == "Tirada de acción con 1d20: 9 (dada)"
        assert out.splitlines()[-1] == (
            "  A un punto de un efecto menor: un punto de heroicidad (+1) lo alcanza"
        )

    def test_dado_base_desconocido_lista_los_validos(self, capsys):
        codigo, out, err = ejecutar(capsys, "accion", "--dado-base", "2d10", "--resistencia", "5")
        assert (codigo, out) == (2, "")
        assert ultima_linea(err) == (
            "tapiz accion: error: argumento --dado-base: valor no válido '2d10'; "
            "valores válidos: '1d20', '3d6'"
        )

    def test_falta_la_resistencia(self, capsys):
        codigo, _, err = ejecutar(capsys, "accion", "--base", "3")
        assert codigo == 2
        assert err.startswith("uso: tapiz accion")
        assert ultima_linea(err) == (
            "tapiz accion: error: faltan argumentos obligatorios: --resistencia"
        )

    def test_base_imposible_para_3d6(self, capsys):
        codigo, _, err = ejecutar(
            capsys, "accion", "--dado-base", "3d6", "--base", "2", "--resistencia", "5"
        )
        assert codigo == 2
        assert err == (
            "tapiz: error: la tirada base 2 no es posible con 3d6 (de 3 a 18; edición 2017)\n"
        )


class TestReglas:
    def test_catalogo_en_texto(self, capsys):
        codigo, out, _ = ejecutar(capsys, "reglas")
        assert codigo == 0
        lineas = out.splitlines()
        assert "Sistema Tapiz (sistema «tapiz»)" in lineas
        assert "  accion                       Tirada de acción (Hacer cosas)" in lineas
        assert "  Tablas:" in lineas
        assert "Ratas en las paredes (sistema «ratas»)" in lineas

    def test_catalogo_en_json_con_entradas_y_salidas(self, capsys):
        datos = ejecutar_json(capsys, "reglas")
        reglas = {r["nombre"]: r for r in datos["reglas"]}
        impedimento = reglas["impedimento"]
        assert impedimento["seccion"] == "Rango y Movimiento"
        assert impedimento["sistema"] == "tapiz"
        assert impedimento["tipo"] == "regla"
        assert {
            clave: impedimento["entradas"][0][clave]
            for clave in ("nombre", "tipo", "obligatorio", "unidad")
        } == {"nombre": "fue", "tipo": "entero", "obligatorio": True, "unidad": None}
        peso = next(e for e in impedimento["entradas"] if e["nombre"] == "peso")
        assert peso["unidad"] == "kg"
        assert [s["nombre"] for s in impedimento["salidas"]][:2] == ["carga", "impedimento"]
        tipo = reglas["ventaja"]["entradas"][0]
        assert tipo["opciones"] == ["ventaja", "desventaja"]
        assert "progresion_nivel" in {t["nombre"] for t in datos["tablas"]}


class TestRegla:
    def test_json_con_valores_y_pasos(self, capsys):
        datos = ejecutar_json(capsys, "regla", "impedimento", "--entrada", SHARRA)
        assert set(datos) == {"valores", "exactos", "pasos"}
        assert datos["exactos"] == {}  # sin probabilidades
        assert (datos["valores"]["carga"], datos["valores"]["impedimento"]) == (29, "cargado")
        assert datos["pasos"][0] == "Carga: FUE 14 + DES 15 = 29 kg"

    def test_regla_opcional(self, capsys):
        datos = ejecutar_json(
            capsys, "regla", "impedimento", "--entrada", SHARRA, "--opcional", "TZR0002"
        )
        assert datos["valores"]["consecuencia_combate"] == 0

    def test_edicion_2017(self, capsys):
        datos = ejecutar_json(
            capsys,
            "regla",
            "probabilidades_accion",
            "--entrada",
            '{"resistencia": 19}',
            "--edicion",
            "2017",
        )
        assert datos["valores"]["p_exito"] == 0.0

    def test_texto(self, capsys):
        codigo, out, _ = ejecutar(
            capsys, "regla", "lectura_porcentaje", "--entrada", '{"decenas": 3, "unidades": 7}'
        )
        assert codigo == 0
        assert out.splitlines() == [
            "Lectura de un d% (lectura_porcentaje)",
            "  Decenas 3 y unidades 7: se leen juntas, 37 (no 10)",
            "",
            "Resultado del d%: 37",
        ]

    @pytest.mark.parametrize(
        ("argv", "mensaje"),
        [
            (
                [
                    "regla",
                    "impedimento",
                    "--entrada",
                    '{"fue": 25, "des": 10, "con": 10, "peso": 1}',
                ],
                "la entrada «fue» debe estar entre 3 y 18; se recibió 25",
            ),
            (
                ["regla", "bonus_lengua", "--entrada", '{"erudito": true}'],
                "la regla «bonus_lengua» requiere la regla opcional TZR0001 (Bonus de rasgo "
                "asociados al conocimiento de una lengua), que no está activa en este reglamento",
            ),
            (
                ["regla", "impedimento", "--entrada", "{fue: 1}"],
                "--entrada no es JSON válido (columna 2): {fue: 1}",
            ),
            (
                ["regla", "impedimento", "--entrada", "[1]"],
                '--entrada debe ser un objeto JSON, por ejemplo {"puntos": 7}',
            ),
            (
                ["regla", "impedimentos"],
                "regla desconocida «impedimentos» en el sistema «tapiz». ¿Quizá «impedimento»? "
                "Consulta el catálogo de reglas.",
            ),
        ],
    )
    def test_errores_en_espanol_con_estado_2(self, capsys, argv, mensaje):
        codigo, out, err = ejecutar(capsys, *argv)
        assert (codigo, out) == (2, "")
        assert err == f"tapiz: error: {mensaje}\n"

    def test_con_tzr0001_la_regla_de_lengua_funciona(self, capsys):
        datos = ejecutar_json(
            capsys,
            "regla",
            "bonus_lengua",
            "--entrada",
            '{"erudito": true, "circunstancia": true}',
            "--opcional",
            "TZR0001",
        )
        assert datos["valores"] == {"bonus_rasgos": 2, "rasgos_lengua": 2}


class TestAyudaYErrores:
    def test_ayuda_en_espanol(self, capsys):
        codigo, out, _ = ejecutar(capsys, "--help")
        assert codigo == 0
        assert out.startswith("uso: tapiz")
        assert "  -h, --help  muestra esta ayuda y termina" in out.splitlines()

    def test_subcomando_desconocido(self, capsys):
        codigo, _, err = ejecutar(capsys, "tirada")
        assert codigo == 2
        assert ultima_linea(err) == (
            "tapiz: error: argumento SUBCOMANDO: valor no válido 'tirada'; valores válidos: "
            "'tirar', 'prob', 'accion', 'reglas', 'regla', 'tabla'"
        )

    def test_sin_subcomando(self, capsys):
        codigo, _, err = ejecutar(capsys)
        assert codigo == 2
        assert ultima_linea(err) == "tapiz: error: faltan argumentos obligatorios: SUBCOMANDO"

    def test_argumento_sobrante(self, capsys):
        codigo, _, err = ejecutar(capsys, "reglas", "--todo")
        assert codigo == 2
        assert ultima_linea(err) == "tapiz: error: argumentos no reconocidos: --todo"

    @pytest.mark.parametrize("subcomando", ["tirar", "prob", "accion", "reglas", "regla"])
    def test_cada_subcomando_admite_json(self, capsys, subcomando):
        codigo, out, _ = ejecutar(capsys, subcomando, "--help")
        assert codigo == 0
        assert "  --json" in out
        assert construir_parser().prog == "tapiz"

    def test_un_mensaje_desconocido_se_deja_igual(self):
        assert traducir("algo distinto") == "algo distinto"


def _proceso(*argv):
    return subprocess.run(
        [sys.executable, "-m", "tapiz_rules.cli", *argv],
        capture_output=True,
        text=True,
        cwd=RAIZ,
        check=False,
    )


class TestProceso:
    def test_tirar_en_un_proceso_real(self):
        hecho = _proceso("tirar", "3d6", "--semilla", "1", "--json")
        assert (hecho.returncode, hecho.stderr) == (0, "")
        assert json.loads(hecho.stdout) == tirar("3d6", Generador(1)).a_json()

    def test_prob_en_un_proceso_real(self):
        hecho = _proceso("prob", "3d6", "--objetivo", "11", "--json")
        assert hecho.returncode == 0
        assert Fraction(json.loads(hecho.stdout)["p_objetivo"]).limit_denominator(216) == Fraction(
            1, 2
        )

    def test_un_error_de_dominio_sale_con_2_y_sin_traza(self):
        hecho = _proceso(
            "regla", "impedimento", "--entrada", '{"fue": 14, "des": 15, "con": 12, "peso": -3}'
        )
        assert (hecho.returncode, hecho.stdout) == (2, "")
        assert (
            hecho.stderr
            == "tapiz: error: la entrada «peso» no puede ser menor que 0; se recibió -3\n"
        )


class TestJsonExactoYErrores:
    """Con --json, un script lee JSON también cuando algo falla, y las probabilidades exactas."""

    def test_probabilidades_exactas_junto_a_su_decimal(self, capsys):
        entrada = '{"mod": 2, "nivel": 3, "rasgos": 2, "resistencia": 15}'
        datos = ejecutar_json(
            capsys, "regla", "probabilidades-accion", "--entrada", entrada, "--edicion", "2017"
        )
        assert datos["exactos"]["p_exito"] == {"fraccion": "20/27", "decimal": 20 / 27}
        assert datos["valores"]["p_exito"] == 20 / 27

    def test_un_error_de_la_regla_en_json_en_la_salida(self, capsys):
        codigo = main(["regla", "accion", "--entrada", '{"base": 25, "resistencia": 10}', "--json"])
        salida = capsys.readouterr()
        assert codigo == 2 and salida.err == ""
        assert json.loads(salida.out) == {
            "error": {
                "mensaje": "la tirada base 25 no es posible con 1d20 (de 1 a 20; edición actual)",
                "entrada": "base",
            }
        }

    def test_un_limite_que_depende_de_otra_entrada_nombra_su_entrada(self, capsys):
        entrada = '{"pv": 5, "gravedad": "1d6", "tirada": 9}'
        assert main(["regla", "peligro", "--sistema", "ratas", "--entrada", entrada, "--json"]) == 2
        assert json.loads(capsys.readouterr().out)["error"] == {
            "mensaje": "la entrada «tirada» debe estar entre 1 y 6; se recibió 9",
            "entrada": "tirada",
        }

    def test_un_error_de_la_orden_en_json_en_la_salida(self, capsys):
        assert main(["regla", "accion", "--sistema", "nope", "--json"]) == 2
        salida = capsys.readouterr()
        assert salida.err == ""
        assert json.loads(salida.out)["error"]["mensaje"].startswith(
            "argumento --sistema: valor no válido 'nope'"
        )

    def test_sin_json_el_error_sigue_en_texto(self, capsys):
        assert main(["regla", "accion", "--sistema", "nope"]) == 2
        salida = capsys.readouterr()
        assert salida.out == "" and "tapiz regla: error: argumento --sistema" in salida.err
