"""El libro en PDF (``tapiz pdf``): el sitio construido, ensamblado en un documento paginado
por WeasyPrint, y la hoja de personaje para imprimir."""
