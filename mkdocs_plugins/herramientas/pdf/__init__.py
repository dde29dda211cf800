"""El libro en PDF (``tapiz pdf``): el sitio construido, ensamblado en un documento paginado
por WeasyPrint, y la hoja de personaje para imprimir."""

INSTALAR = (
    "tapiz pdf necesita el extra «pdf» del paquete: «pip install 'tapiz-srd[pdf]'» "
    "(con uv, «uv add 'tapiz-srd[pdf]'») y las bibliotecas Pango y HarfBuzz del sistema "
    "(«apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0»)"
)
"""Lo que se dice cuando falta WeasyPrint: el PDF es opcional y solo lo importa ``tapiz pdf``."""
