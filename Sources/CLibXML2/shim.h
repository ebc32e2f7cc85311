#ifndef SHARELINT_CLIBXML2_SHIM_H
#define SHARELINT_CLIBXML2_SHIM_H

// libxml2 is built against the system ICU; Foundation ships its own. Importing both fails with
// "'UErrorCode' has different definitions in different modules", so the ICU part of libxml2's
// headers is switched off before anything else is included. sharelint never uses libxml2's
// ICU-backed encoding support (plists are UTF-8).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

#endif
