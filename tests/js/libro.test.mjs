// @ts-check
// El libro completo reescribe sus enlaces internos aunque uno lleve un ancla mal escrita.

import assert from "node:assert/strict";
import { test } from "node:test";

import { idDe } from "../../mkdocs_plugins/tema/tapiz/libro.js";

test("un ancla con escapes válidos se decodifica", () => {
  assert.equal(idDe("tirada-de-acci%C3%B3n"), "tirada-de-acción");
  assert.equal(idDe("dados"), "dados");
});

test("un ancla mal escrita se queda como está en lugar de lanzar «URI malformed»", () => {
  assert.throws(() => decodeURIComponent("%E0%A4%A"), URIError);
  assert.equal(idDe("%E0%A4%A"), "%E0%A4%A");
  assert.equal(idDe("100%"), "100%");
});
