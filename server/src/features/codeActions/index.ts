/**
 * Quick fixes: which fix answers which finding. A diagnostic's code (the clause) and range pick
 * the finding it was made from (lsp/features/codeActions.ts); the finding's message id picks the
 * fix, and its arguments are the data the fix works from.
 */
import type { Analysis } from '../../analysis';
import type { MessageId } from '../../l10n/catalogue';
import type { Finding } from '../../model/types';
import { afterRootFix, braceForArrayFix, closeListFix, colonSlipFix, commaSlipFix, closeObjectFix, closerExpectedFix, controlCharacterFix, curlyCloserFix, decimalCommaFix, duplicateKeyFix, fullWidthBracketFix, fullWidthDigitsFix, lineBreakEscapeFix, removeLineBreakFix, missingQuoteFix, openBraceFix, openBracketFix, pointObjectFix, propertyNameFix, strayCloserFix, trailingCommaFix, unquotedNameFix, wrapMoveValueFix, wrongQuotesFix } from './jsonSyntaxFixes';
import { jsonMissingPropertyFix, xmlMissingAttributeFix, xmlMovePointFix } from './missingFixes';
import { emptyMovesFix, misplacedPreFix, trailingMarkFix } from './movesOrderFixes';
import { jsonColorWordFix, jsonIntegerFormFix, jsonNumberSyntaxFix, jsonQuotedNumberFix, jsonSizeFormFix, jsonWinnerWordFix, xmlCoordinateFix, xmlKomiFix, xmlMarginFix, xmlSizeFix } from './numberFixes';
import { occupiedPointFix } from './occupiedFixes';
import { passWithPointFix } from './passFixes';
import type { Fix, FixProvider } from './types';
import { replaceWithArgument } from './types';
import { attributeNameFix, bareAmpersandFix, closeStartTagFix, commaBetweenAttributesFix, commentEndFix, declarationCaseFix, duplicateAttributeFix, earlyEndTagFix, elementNameFix, endTagBeforeElementFix, equalsLeftOutFix, endTagNameFix, fullWidthFix, leftOutStartTagFix, ltInValueFix, malformedEndTagFix, movesStartTagFix, quoteEntityFix, quoteValueFix, selfCloseFix, slipSpaceFix, strayQuoteFix, unclosedFix, xmlDeclarationVersionFix } from './xmlSyntaxFixes';
import {
  jsonBareWordFix, jsonDidYouMeanFix, jsonEnumFix, jsonExactValueFix, jsonLiteralCaseFix, xmlEncodingFix, xmlEnumCaseFix, xmlEnumFix, xmlVersionFix,
} from './valueFixes';

export type { Fix, FixEdit, FixTitle } from './types';

/** The fix of each message id that has one. */
const FIXES: Partial<Record<MessageId, FixProvider>> = {
  // wrong values (2.2 §3.6, §3.9, §3.16, §3.17; 3.0 §3.2, §3.10.1, §3.16)
  'xml.enumCase': xmlEnumCaseFix,
  'xml.enum': xmlEnumFix,
  'xml.version': xmlVersionFix,
  'xml.encoding': xmlEncodingFix,
  'json.enumDidYouMean': jsonDidYouMeanFix,
  'json.exactDidYouMean': jsonDidYouMeanFix,
  'json.enumValue': jsonEnumFix,
  'json.exactValue': jsonExactValueFix,
  'json.literalCase': jsonLiteralCaseFix,
  'json.invalidLiteral': jsonBareWordFix,
  'json.pointNotObjectDidYouMean': pointObjectFix,
  'json.fullWidthDigits': fullWidthDigitsFix,
  'json.moveValueUnwrapped': wrapMoveValueFix,
  // number forms
  'xml.komi': xmlKomiFix,
  'xml.margin': xmlMarginFix,
  'xml.size': xmlSizeFix,
  'xml.coordinate': xmlCoordinateFix,
  'json.integerForm': jsonIntegerFormFix,
  'json.expectedNumber': jsonQuotedNumberFix,
  'json.nonNegativeInteger': jsonQuotedNumberFix,
  'json.positiveInteger': jsonQuotedNumberFix,
  'json.color': jsonColorWordFix,
  'json.winner': jsonWinnerWordFix,
  'json.sizeForm': jsonSizeFormFix,
  'json.numberLeadingZero': jsonNumberSyntaxFix,
  'json.numberPlusSign': jsonNumberSyntaxFix,
  'json.numberLeadingDot': jsonNumberSyntaxFix,
  'json.numberTrailingDot': jsonNumberSyntaxFix,
  // well-formedness (2.x §3.1)
  'xml.bareAmpersand': bareAmpersandFix,
  'xml.fullWidth': fullWidthFix,
  'xml.slipSpace': slipSpaceFix,
  'xml.commaBetweenAttributes': commaBetweenAttributesFix,
  'xml.equalsLeftOut': equalsLeftOutFix,
  'xml.commentEndDashes': commentEndFix,
  'xml.ltInValue': ltInValueFix,
  'xml.xmlVersion': xmlDeclarationVersionFix,
  'xml.startTagNotClosed': closeStartTagFix,
  'xml.valueNotQuoted': quoteValueFix,
  'xml.valueNotClosed': quoteValueFix,
  'xml.quotesMismatched': quoteValueFix,
  'xml.endTagMismatch': endTagNameFix,
  'xml.duplicateAttribute': duplicateAttributeFix,
  'xml.moveNeedsPoint': xmlMovePointFix,
  'xml.unclosedBeforeElement': endTagBeforeElementFix,
  'xml.unclosedByIndentation': endTagBeforeElementFix,
  'xml.unclosedBeforeSibling': selfCloseFix,
  'xml.unclosed': unclosedFix,
  'xml.endTagMalformed': malformedEndTagFix,
  'xml.declarationCase': declarationCaseFix,
  'xml.endTagEarly': earlyEndTagFix,
  'xml.endTagInside': earlyEndTagFix,
  'xml.outsideMoves': movesStartTagFix,
  'xml.startTagLeftOut': leftOutStartTagFix,
  'xml.quoteInValue': quoteEntityFix,
  'xml.strayQuote': strayQuoteFix,
  'xml.declarationValue': replaceWithArgument(2),
  // The same fix as a 3.0 stray closer: the character deleted.
  'xml.doubledLt': strayCloserFix,
  // structure
  'xml.passWithPoint': passWithPointFix,
  'xml.attributeMissing': xmlMissingAttributeFix,
  'xml.attributeDidYouMean': attributeNameFix,
  'xml.elementDidYouMean': elementNameFix,
  'json.missingProperty': jsonMissingPropertyFix,
  'xml.lastChildMark': trailingMarkFix,
  'xml.preNotFirst': misplacedPreFix,
  'xml.movesWithoutMove': emptyMovesFix,
  'json.duplicateKey': duplicateKeyFix,
  'json.colonExpected': colonSlipFix,
  'json.commaExpectedObject': commaSlipFix,
  'json.commaExpectedArray': commaSlipFix,
  'json.unknownPropertyDidYouMean': propertyNameFix,
  'json.afterRoot': afterRootFix,
  'json.trailingCommaObject': trailingCommaFix,
  'json.trailingCommaArray': trailingCommaFix,
  'json.unquotedPropertyName': unquotedNameFix,
  'json.strayCloser': strayCloserFix,
  'json.fullWidthBracket': fullWidthBracketFix,
  'json.openBraceMissing': openBraceFix,
  'json.listNotClosed': closeListFix,
  'json.objectNotClosed': closeObjectFix,
  'json.closerExpected': closerExpectedFix,
  'json.openBracketMissing': openBracketFix,
  'json.lineBreakInName': removeLineBreakFix,
  'json.lineBreakInWord': removeLineBreakFix,
  'json.braceForArray': braceForArrayFix,
  'json.closingQuoteMissing': missingQuoteFix,
  'json.quoteInString': missingQuoteFix,
  'json.openingQuoteMissing': missingQuoteFix,
  'json.closingQuoteCurly': curlyCloserFix,
  'json.wrongQuotes': wrongQuotesFix,
  'json.lineBreakInString': lineBreakEscapeFix,
  'json.controlCharacter': controlCharacterFix,
  'json.decimalComma': decimalCommaFix,
  // the game (3.0 §3.17, 2.x §9.6)
  'engine.occupied': occupiedPointFix,
  'engine.occupied22': occupiedPointFix,
};

/** The fixes for one finding of `analysis`; none when it has no fix or too little to go on. */
export function fixesFor(analysis: Analysis, finding: Finding): readonly Fix[] {
  const provide = (FIXES as Readonly<Record<string, FixProvider | undefined>>)[finding.message.id];
  return provide ? provide({ analysis, finding }) : [];
}
