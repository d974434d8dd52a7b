#ifndef CSHAPING_SHIM_H
#define CSHAPING_SHIM_H

/* HarfBuzz shapes runs on the FreeType faces Xft opened; FriBidi resolves bidi levels (UAX #9).
   FreeType's outline rasterizer also fills the canvas's shapes (FreeTypeRasterizer.swift). */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#include <fribidi/fribidi.h>

/* FriBidi's paragraph types are macros built from others, which Swift does not import. */
static const FriBidiParType cshaping_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType cshaping_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType cshaping_par_on = FRIBIDI_PAR_ON;

#endif
