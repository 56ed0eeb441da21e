import fc from 'fast-check';
import { NOT_PLAIN, readPlainXmlValue } from '../../../src/converters/xml/xml-fast-reader';
import { parseXmlValue, parseXmlValueWithSax } from '../../../src/converters/xml/xml-reading';
import { toXml } from '../../../src/converters/xml/xml-writing';

/** What xml2js makes of a text: its value, or that it throws. */
async function viaSax(text: string): Promise<{ value?: unknown; error?: boolean }> {
  try {
    return { value: await parseXmlValueWithSax(text) };
  } catch {
    return { error: true };
  }
}

/** The fast reader reads `text` and gives what xml2js gives, or leaves it to xml2js. */
async function expectSameAsSax(text: string): Promise<boolean> {
  const plain = readPlainXmlValue(text) !== NOT_PLAIN;
  const sax = await viaSax(text);
  if (plain) {
    expect(sax.error).toBeUndefined();
    expect(readPlainXmlValue(text)).toEqual(sax.value);
    expect(await parseXmlValue(text, 64)).toEqual(sax.value);
  }
  return plain;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

describe('readPlainXmlValue(text, maxDepth)', () => {
  describe('when the document is plain', () => {
    it.each([
      '<a/>',
      '<a></a>',
      '<a>text</a>',
      '<a> </a>',
      '<a>\n  <b>1</b>\n  <b>2</b>\n</a>\n',
      `${DECLARATION}<echo><records><id>0</id><name>Reader 0</name></records><records><id>1</id></records></echo>`,
      "<?xml version='1.0'?><a/>",
      '<?xml version="1.0" standalone="yes"?>\n<a/>',
      '<a x="1" y=\'two\'><b z="&amp;&lt;&gt;&quot;&apos;"/></a>',
      '<a x="1">text</a>',
      '<a>mixed <b>1</b> text</a>',
      '<a><value>1</value>text</a>',
      '<a value="1">text</a>',
      '<a>&#65;&#x42;&#x1F600;&#13;&#9;</a>',
      '<a>a &gt; b &amp;&amp; c</a>',
      '<a >x</a >',
      '<a><b/><b/><c/></a>',
      '<a><__proto__>1</__proto__><constructor>2</constructor><ok>3</ok></a>',
      '<a constructor="1"/>',
      '<a prototype="1"> text </a>',
      '<a value="1"><value>2</value>three</a>',
      '<a b="1"><b>2</b></a>',
      '<a>  <b/>  </a>',
      '<a><_>x</_></a>',
      '<a><__text__>x</__text__>y</a>',
      '<a>\u00e9\u4e2d\u0085</a>',
    ])('gives what xml2js gives for %j', async (text) => {
      expect(await expectSameAsSax(text)).toBe(true);
    });
  });

  describe('when the document is outside the plain subset', () => {
    it.each([
      '<!-- c --><a/>',
      '<a><![CDATA[x]]></a>',
      '<a><?pi x?></a>',
      '<x:a xmlns:x="urn:x"/>',
      '<a xmlns="urn:x"/>',
      '<a xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>',
      '<a>\r\n</a>',
      '<a>&nbsp;</a>',
      '<a>&AMP;</a>',
      '<a>&#0;</a>',
      '<a>&#X41;</a>',
      '<a>\ud83d\ude00</a>',
      '<a b=1/>',
      '<a b="1" b="2"/>',
      '<a __proto__="1">t</a>',
      '<a b="1"c="2"/>',
      '<a b = "1"/>',
      '<a b="x\ny"/>',
      '<a b="<"/>',
      '<a>]]></a>',
      '<a><b></a></b>',
      '<a>',
      '<a/><b/>',
      '<a/>x',
      'x<a/>',
      ' <?xml version="1.0"?><a/>',
      '\ufeff<a/>',
      '<xml-thing/>',
      '<?xml version="1.1"?><a/>',
    ])('leaves %j to xml2js', async (text) => {
      expect(readPlainXmlValue(text)).toBe(NOT_PLAIN);
      await expectSameAsSax(text);
    });
  });

  it('gives what xml2js gives for every document the XML writer writes', async () => {
    const name = fc.constantFrom('a', 'b', 'value', 'item', 'id', 'x-y', 'n.m', '_z', '__proto__');
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '&', '<', '>', '"', "'", 'é', '中', '0', '-', ';', '#'), maxLength: 8 });
    const leaf = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('tree'), { maxLength: 3 }),
      object: fc.dictionary(name, tie('tree'), { maxKeys: 4 }),
    }));
    await fc.assert(
      fc.asyncProperty(tree, fc.boolean(), async (value, declared) => {
        const document = `${declared ? DECLARATION : ''}${toXml(value, 'root')}`;
        expect(await expectSameAsSax(document)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reads what xml2js reads, or nothing, from arbitrary XML-like text', async () => {
    const pieces = ['<a>', '</a>', '<b>', '</b>', '<a/>', '<b x="1">', '<b x=\'&amp;\'/>', 'text', ' ', '\n', '&lt;', '&#65;', '&', '<', '>', '"', '<?xml version="1.0"?>', '<!--c-->', ']]>', '=', '/'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), async (parts) => {
        await expectSameAsSax(parts.join(''));
      }),
      { numRuns: 500 },
    );
  });

  describe('when elements nest deeper than maxDepth', () => {
    const nested = (depth: number, leaf = 'x'): string => `${'<a>'.repeat(depth)}${leaf}${'</a>'.repeat(depth)}`;

    it.each([
      [nested(3), { a: { a: 'x' } }],
      [nested(3, '<b/>'), { a: { a: { b: '' } } }],
    ])('reads %j within a limit of 3, counting as assertSafeXml does (an empty element does not nest)', (text, value) => {
      expect(readPlainXmlValue(text, 3)).toEqual(value);
    });

    it('leaves a text one level too deep to assertSafeXml, which refuses it', async () => {
      expect(readPlainXmlValue(nested(4), 3)).toBe(NOT_PLAIN);
      await expect(parseXmlValue(nested(4), 3)).rejects.toThrow(/deeper than 3 levels/);
    });
  });
});
